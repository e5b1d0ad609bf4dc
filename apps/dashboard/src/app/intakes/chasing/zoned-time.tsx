import { Text } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { browserTimeZone, ownerAndClientTime } from './timeline';

/**
 * A moment in the owner's time zone (the browser's) and, when the client's wall clock shows
 * something else, in the client's too, with the zones named in the language shown.
 */
export function ZonedTime({ iso, clientZone }: { iso: string; clientZone: string }) {
  const text = useText();
  const times = ownerAndClientTime(iso, { owner: browserTimeZone(), client: clientZone }, text.language);
  return (
    <Text span size="sm">
      <time dateTime={iso}>{text('chasing.time.owner', { time: times.owner.time })}</time>
      {times.client && (
        <Text span size="sm" c="dimmed">
          {' · '}
          {text('chasing.time.client', { time: times.client.time, zone: times.client.zone })}
        </Text>
      )}
    </Text>
  );
}
