import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { failureOf, NetworkFailure } from '../../api/failures';
import { useMe } from '../../auth/session';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import { type DownloadProgress, expectedBytes, filenameOf, formatBytes, progressPercent, readAll } from './download';

/** Fetches the ZIP, reporting the bytes as they arrive, and saves it through an object URL. */
async function downloadZip(
  intakeId: string,
  includeSecrets: boolean,
  estimate: number | null,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  const url = `/v1/intakes/${encodeURIComponent(intakeId)}/download${includeSecrets ? '?include_secrets=true' : ''}`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (cause) {
    throw new NetworkFailure(cause);
  }
  if (!response.ok) throw failureOf(response.status, await response.json().catch(() => null));
  const expected = expectedBytes(response.headers.get('content-length'), estimate);
  onProgress({ received: 0, expected });
  const chunks = response.body
    ? await readAll(response.body, (received) => onProgress({ received, expected })).catch((cause: unknown) => {
        throw new NetworkFailure(cause);
      })
    : [new Uint8Array(await response.arrayBuffer())];
  const name = filenameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

/**
 * Everything of the intake as one ZIP: the preflight's numbers first (uploads, size, what is left
 * out, secrets), then the download with its progress. The owner may put the secrets into the PDF,
 * which reveals each of them once.
 */
export function DownloadPanel({ intakeId }: { intakeId: string }) {
  const text = useText();
  const queryClient = useQueryClient();
  const owner = useMe().data?.role === 'owner';
  const [asked, setAsked] = useState(false);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const preflight = useQuery({
    queryKey: ['intake', intakeId, 'download-preflight'],
    queryFn: () => unwrap(api.GET('/v1/intakes/{id}/download/preflight', { params: { path: { id: intakeId } } })),
    enabled: asked,
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: () => {
      const numbers = preflight.data;
      return downloadZip(
        intakeId,
        includeSecrets,
        numbers?.bytes ?? null,
        numbers?.filename ?? 'podklady.zip',
        setProgress,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['intake', intakeId] }),
  });
  const numbers = preflight.data;
  const percent = progress ? progressPercent(progress, download.isSuccess) : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="download-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="download-title">
          {text('download.title')}
        </Title>
        <Text size="sm">{text('download.intro')}</Text>
        {!asked && (
          <Button variant="light" onClick={() => setAsked(true)}>
            {text('download.check')}
          </Button>
        )}
        {preflight.isError && <ErrorPanel error={preflight.error} onRetry={() => void preflight.refetch()} />}
        {asked && preflight.isPending && <Text size="sm">{text('app.loading')}</Text>}
        {numbers && (
          <>
            <List size="sm" spacing={4}>
              <List.Item>{text('download.files', { count: numbers.files })}</List.Item>
              <List.Item>{text('download.size', { size: formatBytes(numbers.bytes, text.language) })}</List.Item>
              {numbers.skipped_files.length > 0 && (
                <List.Item>
                  {text('download.skipped', { names: numbers.skipped_files.map((f) => f.filename).join(', ') })}
                </List.Item>
              )}
              {numbers.secrets.total > 0 && (
                <List.Item>
                  {text('download.secrets', {
                    unrevealed: numbers.secrets.unrevealed,
                    revealed: numbers.secrets.already_revealed,
                  })}
                </List.Item>
              )}
            </List>
            {numbers.too_large ? (
              <Alert color="orange" role="alert">
                {text('download.too_large', { max: formatBytes(numbers.max_bytes, text.language) })}
              </Alert>
            ) : (
              <>
                {owner && numbers.secrets.unrevealed > 0 && (
                  <Checkbox
                    label={text('download.include_secrets')}
                    checked={includeSecrets}
                    onChange={(event) => setIncludeSecrets(event.currentTarget.checked)}
                  />
                )}
                <Group gap="xs">
                  <Button loading={download.isPending} onClick={() => download.mutate()}>
                    {text('download.start')}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
        {progress && (download.isPending || download.isSuccess) && (
          <Stack gap={4} w="100%">
            <Progress
              value={percent ?? 100}
              animated={download.isPending && percent === null}
              aria-label={text('download.progress_label')}
            />
            <Text size="sm" aria-live="polite">
              {download.isSuccess
                ? text('download.done', { name: download.data })
                : progress.expected
                  ? text('download.progress', {
                      received: formatBytes(progress.received, text.language),
                      expected: formatBytes(progress.expected, text.language),
                    })
                  : text('download.progress_unknown', { received: formatBytes(progress.received, text.language) })}
            </Text>
          </Stack>
        )}
        {download.isError && <ErrorPanel error={download.error} />}
      </Stack>
    </Paper>
  );
}
