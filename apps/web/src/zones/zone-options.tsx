// The fleet's zones as a select's options, one a zone by its name — the reports and the
// notification rules pick a zone the same way (as GroupOptions does for groups).
import type { Zone } from '@vfm/contract';

export function ZoneOptions({
  zones,
}: {
  zones: readonly Pick<Zone, 'id' | 'name'>[] | undefined;
}) {
  return (
    <>
      {(zones ?? []).map((zone) => (
        <option key={zone.id} value={zone.id}>
          {zone.name}
        </option>
      ))}
    </>
  );
}
