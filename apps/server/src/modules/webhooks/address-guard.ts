// The address guard is shared by every outbound request (lib/address-guard.ts, ADR 0124).
export { classifyAddress, isAllowedAddress, type AddressClass } from '../../lib/address-guard';
