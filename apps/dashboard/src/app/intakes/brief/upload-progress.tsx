import { Progress, Stack, Text } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { type UploadState } from '../new/save-intake';
import { uploadErrorKey } from './brief';

/**
 * One brief file's upload: a bar of the bytes sent, then "checking" while the server scans it
 * (the bar is full, the answer not yet in), then done; a failure as the catalogue's sentence.
 */
export function UploadProgress({ name, state }: { name: string; state: UploadState }) {
  const text = useText();
  const percent = new Intl.NumberFormat(text.language, { style: 'percent' }).format(state.percent / 100);
  const line =
    state.status === 'failed'
      ? text('brief.upload.failed', { reason: text(uploadErrorKey(state.error)) })
      : state.status === 'done'
        ? text('brief.upload.done')
        : state.status === 'waiting'
          ? text('brief.upload.waiting')
          : state.percent >= 100
            ? text('brief.upload.checking')
            : text('brief.upload.sending', { percent });
  return (
    <Stack gap={2} data-upload-status={state.status}>
      {state.status !== 'failed' && (
        <Progress
          value={state.status === 'done' ? 100 : state.percent}
          color={state.status === 'done' ? 'teal' : undefined}
          animated={state.status === 'uploading' && state.percent >= 100}
          aria-label={text('brief.upload.label', { name })}
        />
      )}
      <Text
        size="xs"
        c={state.status === 'failed' ? 'red.8' : 'dimmed'}
        role={state.status === 'failed' ? 'alert' : undefined}
      >
        {line}
      </Text>
    </Stack>
  );
}
