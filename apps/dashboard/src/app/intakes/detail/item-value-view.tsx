import { Anchor, Badge, Group, Image, Stack, Table, Text } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { formatBytes } from './download';
import { type Item } from './item-actions';
import { fileHref, isPreviewable, isServable, type ItemFile, valueView } from './item-value';

/** What the client (or the owner's decision) put into an item, shown by its type. */
export function ItemValue({ intakeId, item }: { intakeId: string; item: Item }) {
  const text = useText();
  const view = valueView(item);
  switch (view.kind) {
    case 'none':
      return (
        <Text size="sm" c="dimmed">
          {text('review.no_answer')}
        </Text>
      );
    case 'secret':
      return (
        <Text size="sm" c="dimmed">
          {text(item.submitted_at ? 'review.secret_hidden' : 'review.no_answer')}
        </Text>
      );
    case 'text':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-value>
          {view.text}
        </Text>
      );
    case 'boolean':
      return <Text size="sm">{text(view.value ? 'review.yes' : 'review.no')}</Text>;
    case 'choices':
      return (
        <Group gap={6}>
          {view.choices.map((choice) => (
            <Badge key={choice} variant="outline" color="gray" tt="none">
              {choice}
            </Badge>
          ))}
        </Group>
      );
    case 'table':
      return (
        <Table.ScrollContainer minWidth={280}>
          <Table withTableBorder striped aria-label={item.label}>
            <Table.Thead>
              <Table.Tr>
                {(view.columns.length ? view.columns : [text('review.field'), text('review.value')]).map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((row, index) => (
                <Table.Tr key={index}>
                  {row.map((cell, column) => (
                    <Table.Td key={column}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    case 'files':
      return (
        <Group gap="sm" align="flex-start">
          {view.files.map((file) => (
            <FileEntry key={file.id} intakeId={intakeId} itemKey={item.key} file={file} />
          ))}
        </Group>
      );
  }
}

function FileEntry({ intakeId, itemKey, file }: { intakeId: string; itemKey: string; file: ItemFile }) {
  const text = useText();
  const size = formatBytes(file.size, text.language);
  if (!isServable(file))
    return (
      <Text size="sm" c="dimmed">
        {text(file.av_status === 'infected' ? 'review.file_blocked' : 'review.file_scanning', { name: file.filename })}
      </Text>
    );
  const href = fileHref(intakeId, itemKey, file.id);
  if (isPreviewable(file))
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer">
        <Stack gap={4} align="center">
          <Image src={href} alt={file.filename} w={96} h={96} fit="contain" radius="sm" bg="gray.1" />
          <Text size="xs" maw={120} truncate="end">
            {file.filename}
          </Text>
        </Stack>
      </Anchor>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {file.filename} ({size})
    </Anchor>
  );
}
