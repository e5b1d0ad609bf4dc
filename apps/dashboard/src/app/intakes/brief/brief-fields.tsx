import { Button, FileInput, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { formatBytes } from '../detail/download';
import { type Problem } from '../new/item-builder';
import { type UploadState } from '../new/save-intake';
import { BRIEF_LIMITS, briefLength } from './brief';
import { PLACEHOLDER_STYLES } from './brief-styles';
import { UploadProgress } from './upload-progress';

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
const withAdded = (files: readonly File[], chosen: readonly File[]): File[] => [
  ...files,
  ...chosen.filter((file) => !files.some((present) => sameFile(present, file))),
];

interface Props {
  text: string;
  onText: (text: string) => void;
  textProblem: string | undefined;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  filesProblem: Problem | undefined;
  /** Each file's upload once saving began (by position in `files`). */
  uploads: readonly (UploadState | undefined)[];
  /** Saving has begun: the files can no longer be changed. */
  locked: boolean;
}

/**
 * The new intake's client brief: the text the client reads at the top of the portal, with a
 * counter to the API's 5000 characters, and up to 10 files chosen with Mantine's FileInput,
 * each with its upload's progress once the intake is saved.
 */
export function BriefFields({
  text: brief,
  onText,
  textProblem,
  files,
  onFiles,
  filesProblem,
  uploads,
  locked,
}: Props) {
  const text = useText();
  const count = briefLength(brief);
  return (
    <Stack gap="sm" component="section" aria-labelledby="new-intake-brief">
      <Title order={2} size="h3" id="new-intake-brief">
        {text('brief.title')}
      </Title>
      <Textarea
        label={text('brief.text_label')}
        description={`${text('brief.text_hint')} ${text('brief.counter', { count, max: BRIEF_LIMITS.textMaxChars })}`}
        autosize
        minRows={3}
        maxRows={12}
        value={brief}
        error={textProblem}
        onChange={(event) => onText(event.currentTarget.value)}
        data-brief-text
      />
      <FileInput
        label={text('brief.files_label')}
        description={text('brief.files_hint', { max: BRIEF_LIMITS.filesMax })}
        placeholder={text('brief.files_placeholder')}
        styles={PLACEHOLDER_STYLES}
        multiple
        clearable
        disabled={locked}
        value={[...files]}
        // A second pick adds to the first (each file has its own Remove); the clear button empties the list.
        onChange={(chosen) => onFiles(chosen.length === 0 ? [] : withAdded(files, chosen))}
        error={filesProblem ? text(filesProblem.key, filesProblem.params) : undefined}
        clearButtonProps={{ 'aria-label': text('brief.files_clear') }}
        data-brief-files
      />
      {files.length > 0 && (
        <Stack gap="xs" component="ul" className="plain-list" aria-label={text('brief.files_chosen')}>
          {files.map((file, index) => {
            const upload = uploads[index];
            return (
              <Paper
                component="li"
                key={`${file.name}-${index}`}
                withBorder
                p="xs"
                radius="md"
                data-brief-file={file.name}
              >
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name} · {formatBytes(file.size, text.language)}
                    </Text>
                    {!locked && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={text('brief.file_remove', { name: file.name })}
                        onClick={() => onFiles(files.filter((_, other) => other !== index))}
                      >
                        {text('brief.remove')}
                      </Button>
                    )}
                  </Group>
                  {upload && <UploadProgress name={file.name} state={upload} />}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
