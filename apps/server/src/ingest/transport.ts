// What the rest of the IoT code needs from MQTT, whether the broker is embedded (aedes) or
// external (Mosquitto, EMQX… via MQTT_URL).
export interface MqttTransport {
  kind: 'embedded' | 'external';
  /** port of the embedded broker (null with an external one) */
  port: number | null;
  /** publishes a command QoS 1; resolves when the broker has it */
  publishCommand(moduleId: string, payload: Buffer): Promise<void>;
  /** publishes a firmware offer QoS 1 (down/firmware, ADR 0129) */
  publishFirmware(moduleId: string, payload: Buffer): Promise<void>;
  /** modules connected now; null when unknown (an external broker does not tell) */
  onlineModules(): Set<string> | null;
  /** closes the connections of these modules (removed from their fleet) */
  disconnectModules(moduleIds: string[]): void;
  isReady(): boolean;
  /** stop taking new messages (first step of a graceful stop) */
  stopAccepting(): Promise<void>;
  close(): Promise<void>;
}
