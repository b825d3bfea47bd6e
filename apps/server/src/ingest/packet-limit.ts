// A maximum MQTT packet size for the embedded broker (MQTT_MAX_PACKET_BYTES). aedes has no such
// option: its per-connection mqtt-packet parser buffers a whole packet before handing it over,
// so a 100 MB publish — or an unauthenticated client streaming a huge CONNECT — grew memory by
// as much. The limit is checked as soon as the packet's remaining-length header is parsed,
// before its body is buffered: the parser stops with an error and aedes closes the connection.
// It reaches into the parser's `_parseLength` step; if a new aedes or mqtt-packet changes that,
// the broker refuses to start rather than run without the limit.

interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

export function limitPacketSize(
  client: object,
  maxBytes: number,
  onRefused: (bytes: number) => void,
): void {
  const parser = (client as { _parser?: PacketParser })._parser;
  if (!parser || typeof parser._parseLength !== 'function' || !('_emitError' in parser)) {
    throw new Error('aedes parser internals changed: MQTT_MAX_PACKET_BYTES cannot be enforced');
  }
  const parseLength = parser._parseLength;
  parser._parseLength = function limitedParseLength(this: PacketParser) {
    const parsed = parseLength.call(this);
    if (parsed && this.packet.length > maxBytes) {
      onRefused(this.packet.length);
      this._emitError(new Error(`packet of ${this.packet.length} bytes over ${maxBytes}`));
      return false;
    }
    return parsed;
  };
}
