import { type FormEvent, useState } from 'react';
import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { ApiFailure } from '../../api/failures';
import { type MessageKey } from '../../i18n/catalogues/en';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import {
  detailsByField,
  type IntervalUnit,
  type Schedule,
  SCHEDULES,
  type ScheduleErrors,
  scheduleErrors,
  type ScheduleForm,
  scheduleFormOf,
  schedulePatch,
  UNITS,
} from './schedule-form';

type Intake = components['schemas']['IntakeView'];

const SCHEDULE_LABEL: Readonly<Record<Schedule, MessageKey>> = {
  default: 'chasing.schedule.default',
  gentle: 'chasing.schedule.gentle',
  aggressive: 'chasing.schedule.aggressive',
  custom: 'chasing.schedule.custom',
  off: 'chasing.schedule.off',
};
const SCHEDULE_HINT: Readonly<Record<Schedule, MessageKey>> = {
  default: 'chasing.schedule.default_hint',
  gentle: 'chasing.schedule.gentle_hint',
  aggressive: 'chasing.schedule.aggressive_hint',
  custom: 'chasing.schedule.custom_hint',
  off: 'chasing.schedule.off_hint',
};
const UNIT_LABEL: Readonly<Record<IntervalUnit, MessageKey>> = {
  minutes: 'chasing.schedule.unit_minutes',
  hours: 'chasing.schedule.unit_hours',
  days: 'chasing.schedule.unit_days',
};

/** The intake's chase settings in one line, for the section's summary. */
export function scheduleSummaryKey(schedule: Schedule): MessageKey {
  return SCHEDULE_LABEL[schedule];
}

/**
 * Edit the reminders: schedule (custom interval and time of day on the client's clock), how many,
 * quiet hours and the due date. Only what changed is sent (a change re-plans the reminders);
 * fields the API refuses are marked with their sentence.
 */
export function ScheduleModal({ intake, opened, onClose }: { intake: Intake; opened: boolean; onClose: () => void }) {
  const text = useText();
  // Stays mounted, so that closing gives the focus back to the button that opened it; the form
  // inside is mounted at each opening, so it starts from the intake as it is then.
  // lockScroll off: the scroll lock adds a <style> element without the page's CSP nonce, which the browser refuses.
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text('chasing.schedule.title')}
      closeButtonProps={{ 'aria-label': text('chasing.close') }}
      lockScroll={false}
    >
      <ScheduleEditor intake={intake} onClose={onClose} />
    </Modal>
  );
}

function ScheduleEditor({ intake, onClose }: { intake: Intake; onClose: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const id = intake.intake_id;
  const [initial] = useState<ScheduleForm>(() => scheduleFormOf(intake));
  const [form, setForm] = useState<ScheduleForm>(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.PATCH('/v1/intakes/{id}', { params: { path: { id } }, body: schedulePatch(initial, form) })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['intake', id] });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiFailure) setErrors(detailsByField(error.envelope?.details));
    },
  });
  const set = <K extends keyof ScheduleForm>(field: K, value: ScheduleForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = scheduleErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(schedulePatch(initial, form)).length === 0) {
      onClose();
      return;
    }
    save.mutate();
  };
  const error = (field: keyof ScheduleErrors) => {
    const key = errors[field];
    return key ? text(key) : undefined;
  };
  const custom = form.chase_schedule === 'custom';
  const fieldErrors = Object.keys(errors).length > 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={text('chasing.schedule.schedule')}
          description={text(SCHEDULE_HINT[form.chase_schedule])}
          value={form.chase_schedule}
          error={error('chase_schedule')}
          data={SCHEDULES.map((schedule) => ({ value: schedule, label: text(SCHEDULE_LABEL[schedule]) }))}
          onChange={(event) => set('chase_schedule', event.currentTarget.value as Schedule)}
        />
        {custom && (
          <>
            <Group gap="xs" align="flex-start" grow>
              <TextInput
                label={text('chasing.schedule.every')}
                inputMode="numeric"
                value={form.interval}
                error={error('interval')}
                onChange={(event) => set('interval', event.currentTarget.value)}
              />
              <NativeSelect
                label={text('chasing.schedule.unit')}
                value={form.unit}
                data={UNITS.map((unit) => ({ value: unit, label: text(UNIT_LABEL[unit]) }))}
                onChange={(event) => set('unit', event.currentTarget.value as IntervalUnit)}
              />
            </Group>
            <TextInput
              type="time"
              label={text('chasing.schedule.at_time')}
              description={text('chasing.schedule.at_time_hint', { zone: intake.client.timezone })}
              value={form.chase_at_time}
              error={error('chase_at_time')}
              onChange={(event) => set('chase_at_time', event.currentTarget.value)}
            />
          </>
        )}
        <Checkbox
          label={text('chasing.schedule.unlimited')}
          checked={form.unlimited}
          onChange={(event) => set('unlimited', event.currentTarget.checked)}
        />
        {!form.unlimited && (
          <TextInput
            label={text('chasing.schedule.max_reminders')}
            description={text('chasing.schedule.max_reminders_hint')}
            inputMode="numeric"
            value={form.max_reminders}
            error={error('max_reminders')}
            onChange={(event) => set('max_reminders', event.currentTarget.value)}
          />
        )}
        <Switch
          label={text('chasing.schedule.quiet_hours')}
          description={text('chasing.schedule.quiet_hours_hint')}
          checked={form.respect_quiet_hours}
          error={error('respect_quiet_hours')}
          onChange={(event) => set('respect_quiet_hours', event.currentTarget.checked)}
        />
        <TextInput
          type="date"
          label={text('chasing.schedule.due_date')}
          description={text('chasing.schedule.due_date_hint')}
          value={form.due_date}
          error={error('due_date')}
          onChange={(event) => set('due_date', event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {text('chasing.schedule.replan_note')}
        </Text>
        {save.isError && !fieldErrors && <ErrorPanel error={save.error} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {text('chasing.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {text('chasing.schedule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
