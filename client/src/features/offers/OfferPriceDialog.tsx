import type { ReactNode } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LIMITS, zText, type AppErrorCode, type ZCreateOfferInput } from '@curio/shared';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { PriceField, priceInputToCents } from './PriceField.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';
import { ContactWarning } from '../contact-filter/ContactWarning.tsx';

interface OfferPriceValues {
  /** The USDN amount as typed. */
  price: string;
  message: string;
}

/** A price and a message as the offer procedures take them. */
export interface OfferPrice {
  priceCents: number;
  message?: string;
}

/** The price and the message of an offer procedure's shared input schema (both procedures check them alike). */
export type OfferPriceInput = ReturnType<typeof ZCreateOfferInput.pick<{ priceCents: true; message: true }>>;

/**
 * The form's schema from the procedure's own pieces: the typed price must be cents its `priceCents`
 * accepts and pass the dialog's rule; the message is checked as the procedure checks it.
 */
function offerPriceSchema(input: OfferPriceInput, priceRule: (cents: number) => AppErrorCode | null) {
  return input.pick({ message: true }).extend({
    price: zText()
      .transform((text) => priceInputToCents(text) ?? Number.NaN)
      .pipe(input.shape.priceCents)
      .superRefine((cents, context) => {
        const code = priceRule(cents);
        if (code) context.addIssue({ code: 'custom', message: code });
      }),
  });
}

export interface OfferPriceDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is being priced, shown above the fields. */
  children: ReactNode;
  priceLabel: string;
  messagePlaceholder?: string;
  messageMaxRows: number;
  submitLabel: string;
  pending: boolean;
  /** The procedure's shared input schema, its price and message. */
  input: OfferPriceInput;
  /** The dialog's own rule on a valid price, as an app code when broken; the server has the last word. */
  priceRule: (cents: number) => AppErrorCode | null;
  /** Sends the offer; the dialog empties and closes when it resolves. */
  send: (offer: OfferPrice) => Promise<unknown>;
  /** Shows a refusal that belongs to no field. */
  onRefused: (error: unknown) => void;
}

/** The dialog of an offer (rule B-10) and of a counter-offer (rule B-12): a USDN price and an optional message without contact details. */
export function OfferPriceDialog(props: OfferPriceDialogProps) {
  const { t } = useTranslation('offers');
  const schema = offerPriceSchema(props.input, props.priceRule);
  const form = useForm<OfferPriceValues>({ initialValues: { price: '', message: '' }, validate: translatedSchemaResolver(schema) });
  // the server names the price by the procedure's field
  const serverFields = { setFieldError: (path: string, error: string) => form.setFieldError(path === 'priceCents' ? 'price' : path, error) };

  const close = () => {
    form.clearErrors();
    props.onClose();
  };

  const submit = form.onSubmit(async (values) => {
    const { price, message } = schema.parse(values);
    try {
      await props.send({ priceCents: price, message: message ?? undefined });
      form.reset();
      close();
    } catch (error) {
      if (!showServerFieldErrors(serverFields, error, ['priceCents', 'message'])) props.onRefused(error);
    }
  });

  return (
    <Modal opened={props.opened} onClose={close} title={props.title} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.children}
          <PriceField
            label={props.priceLabel}
            value={form.values.price}
            onChange={(price) => form.setFieldValue('price', price)}
            error={form.errors.price}
            autoFocus
          />
          <Textarea
            label={t('message')}
            placeholder={props.messagePlaceholder}
            autosize
            minRows={2}
            maxRows={props.messageMaxRows}
            maxLength={LIMITS.offerMessageMax}
            {...form.getInputProps('message')}
          />
          {/* the server refuses a message with contact details (rule C-4); say so while it is typed */}
          <ContactWarning text={form.values.message} />
          <DialogActions cancelLabel={t('cancel')} onCancel={close} submitLabel={props.submitLabel} loading={props.pending} radius="xl" />
        </Stack>
      </form>
    </Modal>
  );
}
