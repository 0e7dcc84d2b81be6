import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button/Button';
import { Modal } from '../../components/dialog/Modal';
import { TextField } from '../../components/form/fields';
import type { ContactSalesInput } from '../../core/sales/salesCase';
import { discardDraft, draftKey, readDraft, writeDraft, type DraftOwner } from '../../lib/forms/formDraft';
import { useUnsavedWork } from '../../lib/forms/unsavedWork';
import { contactSalesSchema, emptyContactSales, isContactSalesInput } from '../../lib/sales/contactSalesForm';
import { cancelContactSales, salesBusyAtom, submitContactSales } from '../../lib/sales/salesFlow';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { currentUserAtom } from '../../lib/state/signedInState';
import { zodMiniResolver } from '../../lib/validation/resolver';
import { SalesError } from './SalesError';
import { appStore, useAtomValue } from '../../state/jotai';

function owner(): DraftOwner | null {
  const claims = appStore.get(sessionAtom).claims;
  return claims ? { userGuid: claims.guid, tenantGuid: claims.tenantGuid } : null;
}

/** What the form starts with: the member's unsent draft, else their name and e-mail. */
function startingValues(): { values: ContactSalesInput; restored: boolean } {
  const who = owner();
  const draft = who ? readDraft(draftKey('contact-sales', who), isContactSalesInput) : null;
  if (draft) return { values: draft, restored: true };
  const user = appStore.get(currentUserAtom);
  return { values: { ...emptyContactSales, firstName: user?.FirstName ?? '', lastName: user?.LastName ?? '', emailAddress: user?.Email ?? '' }, restored: false };
}

/**
 * The contact-sales form (SPEC §2, §5). Errors show once a field is both changed
 * and left; Submit waits for a valid form and is off while a submission runs. What the member
 * types is kept (per member and tenant) until it is sent or cancelled, across a reload, an update
 * or a failed submit.
 */
export function ContactSalesModal({ fromBuyNow }: { fromBuyNow: boolean }) {
  const { t } = useTranslation();
  const busy = useAtomValue(salesBusyAtom) === 'contactSales';
  const [start] = useState(startingValues);
  const { register, handleSubmit, subscribe, formState } = useForm<ContactSalesInput>({
    resolver: zodMiniResolver(contactSalesSchema),
    mode: 'all',
    defaultValues: start.values,
  });
  const { errors, dirtyFields, touchedFields, isValid, isSubmitting, isDirty } = formState;
  // A session that ends while this holds input keeps the page: the member signs in again over it.
  useUnsavedWork(isDirty);
  const shown = (name: keyof ContactSalesInput) => (dirtyFields[name] && touchedFields[name] ? errors[name] : undefined);

  useEffect(() => {
    const who = owner();
    if (!who) return;
    const key = draftKey('contact-sales', who);
    return subscribe({ formState: { values: true }, callback: ({ values }) => writeDraft(key, { ...emptyContactSales, ...values }) });
  }, [subscribe]);

  const discard = () => {
    const who = owner();
    if (who) discardDraft(draftKey('contact-sales', who));
  };
  const cancel = () => {
    discard();
    cancelContactSales();
  };
  const submit = handleSubmit(async (values) => {
    const state = await submitContactSales(values, fromBuyNow);
    // Sent, or kept in the outbox to be sent: the draft's job is done. Refused: it stays.
    if (state === 'sent' || state === 'queued') discard();
  });

  return (
    <Modal open closeOnInteractOutside={false} onClose={cancel} title={t('ContactSales')} description={t('ContactSalesDescription')} size="x-small">
      <form className="sales-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('ContactSales')}>
        {start.restored && (
          <p className="sales-form__note" role="status">
            {t('DraftRestored')}
          </p>
        )}
        <p className="field__hint">{t('RequiredFieldsHint')}</p>
        <TextField label={t('FirstName')} required autoComplete="given-name" error={shown('firstName')} {...register('firstName')} />
        <TextField label={t('LastName')} required autoComplete="family-name" error={shown('lastName')} {...register('lastName')} />
        <TextField label={t('EmailAddress')} required type="email" autoComplete="email" error={shown('emailAddress')} {...register('emailAddress')} />
        <TextField label={t('PhoneNumber')} type="tel" autoComplete="tel" hint={t('Optional')} error={shown('phone')} {...register('phone')} />
        <TextField label={t('InterestedIn')} hint={t('Optional')} error={shown('interest')} {...register('interest')} />
        <SalesError />
        <div className="sales-form__actions">
          <Button color="neutral" onClick={cancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" color="primary" loading={busy || isSubmitting} disabled={!isValid}>
            {t('Submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
