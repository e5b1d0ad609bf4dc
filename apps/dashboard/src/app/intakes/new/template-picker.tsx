import { NativeSelect } from '@mantine/core';
import type { components } from '@intake/sdk-types';
import { useText } from '../../i18n/use-text';

type Template = components['schemas']['TemplateView'];

/** Start from a saved template (its items and settings fill the form) or from nothing. */
export function TemplatePicker({
  templates,
  value,
  onPick,
}: {
  templates: readonly Template[];
  value: string;
  onPick: (template: Template | undefined) => void;
}) {
  const text = useText();
  return (
    <NativeSelect
      label={text('new_intake.template')}
      description={text('new_intake.template_hint')}
      value={value}
      data={[
        { value: '', label: text('new_intake.template_none') },
        ...templates.map((template) => ({ value: template.id, label: template.name })),
      ]}
      onChange={(event) => onPick(templates.find((template) => template.id === event.currentTarget.value))}
    />
  );
}
