import { Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver, type FormSchema } from '../lib/forms.ts';
import { DialogActions } from './DialogActions.tsx';

export interface ReportTexts<R extends string> {
  title: string;
  reason: string;
  reasons: Record<R, string>;
  detail: string;
  detailPlaceholder: string;
  submit: string;
  cancel: string;
  sent: string;
  failed: string;
}

export interface ReportDialogProps<R extends string> {
  opened: boolean;
  onClose: () => void;
  texts: ReportTexts<R>;
  reasons: readonly R[];
  /** The reason chosen when the dialog opens; null makes the member choose. */
  defaultReason: R | null;
  /** The shared schema of `{ reason, detail }`: the same rules the server applies. */
  schema: FormSchema;
  /** The i18n key of the message shown when no reason was chosen. */
  reasonRequiredKey: string;
  detailRequired: boolean;
  detailMax: number;
  pending: boolean;
  send: (report: { reason: R; detail: string }) => Promise<unknown>;
}

interface ReportValues<R extends string> {
  reason: R | null;
  detail: string;
}

/**
 * The report dialog of listings and buying requests: a reason from the list and a detail text,
 * validated by the shared schema before sending and stored for admins as a complaint.
 */
export function ReportDialog<R extends string>(props: ReportDialogProps<R>) {
  const { texts } = props;
  const form = useForm<ReportValues<R>>({
    initialValues: { reason: props.defaultReason, detail: '' },
    validate: translatedSchemaResolver(props.schema, { reason: props.reasonRequiredKey }),
  });

  const close = () => {
    form.reset();
    props.onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await props.send({ reason: values.reason as R, detail: values.detail });
      notifications.show({ color: 'teal', message: texts.sent });
      close();
    } catch (error) {
      if (!showServerFieldErrors(form, error, ['reason', 'detail'])) {
        notifications.show({ color: 'red', title: texts.failed, message: errorMessage(error) });
      }
    }
  });

  return (
    <Modal opened={props.opened} onClose={close} title={texts.title} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group label={texts.reason} required {...form.getInputProps('reason')} value={form.values.reason ?? ''}>
            <Stack gap="xs" mt="xs">
              {props.reasons.map((value) => (
                <Radio key={value} value={value} label={texts.reasons[value]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={texts.detail}
            placeholder={texts.detailPlaceholder}
            required={props.detailRequired}
            autosize
            minRows={3}
            maxRows={6}
            maxLength={props.detailMax}
            {...form.getInputProps('detail')}
          />
          <DialogActions cancelLabel={texts.cancel} onCancel={close} submitLabel={texts.submit} loading={props.pending} color="red" radius="xl" />
        </Stack>
      </form>
    </Modal>
  );
}
