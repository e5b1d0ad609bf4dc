import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import {
  CHASE_SCHEDULES,
  type ChaseSchedule,
  type FormProblems,
  type IntakeFormValues,
  INTERVAL_UNITS,
  type IntervalUnit,
} from './intake-form';
import { type Problem } from './item-builder';

interface Props {
  values: IntakeFormValues;
  change: (next: Partial<IntakeFormValues>) => void;
  problems: FormProblems;
  show: (problem: Problem | undefined) => string | undefined;
}

/** How the client is reminded: a schedule (or an own interval, at a time of day), quiet hours and a limit. */
export function ChasingSection({ values, change, problems, show }: Props) {
  const text = useText();
  const custom = values.schedule === 'custom';
  return (
    <Stack gap="sm" component="section" aria-labelledby="new-intake-chasing">
      <Title order={2} size="h3" id="new-intake-chasing">
        {text('new_intake.section_chasing')}
      </Title>
      <NativeSelect
        label={text('new_intake.schedule')}
        value={values.schedule}
        data={CHASE_SCHEDULES.map((schedule) => ({ value: schedule, label: text(`new_intake.schedule.${schedule}`) }))}
        error={show(problems.chase_schedule)}
        onChange={(event) => change({ schedule: event.currentTarget.value as ChaseSchedule })}
      />
      {custom && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={text('new_intake.interval')}
            inputMode="numeric"
            value={values.interval}
            error={show(problems.chase_interval)}
            onChange={(event) => change({ interval: event.currentTarget.value })}
          />
          <NativeSelect
            label={text('new_intake.interval_unit')}
            value={values.intervalUnit}
            data={INTERVAL_UNITS.map((unit) => ({ value: unit, label: text(`new_intake.unit.${unit}`) }))}
            onChange={(event) => change({ intervalUnit: event.currentTarget.value as IntervalUnit })}
          />
          <TextInput
            label={text('new_intake.at_time')}
            description={text('new_intake.at_time_hint')}
            type="time"
            value={values.chaseAtTime}
            error={show(problems.chase_at_time)}
            onChange={(event) => change({ chaseAtTime: event.currentTarget.value })}
          />
        </SimpleGrid>
      )}
      <Checkbox
        label={text('new_intake.quiet_hours')}
        checked={values.respectQuietHours}
        onChange={(event) => change({ respectQuietHours: event.currentTarget.checked })}
      />
      <Group align="flex-end" gap="md">
        <TextInput
          label={text('new_intake.max_reminders')}
          description={text('new_intake.max_reminders_hint')}
          inputMode="numeric"
          disabled={values.unlimitedReminders}
          value={values.maxReminders}
          error={show(problems.max_reminders)}
          onChange={(event) => change({ maxReminders: event.currentTarget.value })}
        />
        <Checkbox
          mb={8}
          label={text('new_intake.unlimited')}
          checked={values.unlimitedReminders}
          onChange={(event) => change({ unlimitedReminders: event.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
