import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Modal } from '@hostcart/shared-ui';

interface TransferForm {
  authCode: string;
  owner: boolean;
}

export interface TransferDialogProps {
  /** The domain to transfer (display form); the dialog is open while set. */
  domain: string | undefined;
  onCancel(): void;
  onConfirm(authCode: string): void;
}

/**
 * Transfer of a taken domain (status 1): the auth code from the current provider and the
 * confirmation that the visitor may move the domain. Confirm stays disabled while the code is
 * empty (spec §2); the confirmation is checked when submitting.
 */
export function TransferDialog({ domain, onCancel, onConfirm }: TransferDialogProps) {
  const { t } = useTranslation();
  const codeId = useId();
  const hintId = useId();
  const ownerId = useId();
  const ownerErrorId = useId();
  const codeRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<TransferForm>({ defaultValues: { authCode: '', owner: false } });

  // A new domain starts with an empty form: an auth code belongs to one domain only.
  useEffect(() => reset({ authCode: '', owner: false }), [domain, reset]);

  const codeEmpty = (watch('authCode') ?? '').trim() === '';
  const { ref: codeFieldRef, ...codeField } = register('authCode', { validate: (v) => v.trim() !== '' || 'domains.transfer_dialog.code_required' });

  return (
    <Modal open={domain !== undefined} title={t('domains.transfer_dialog.title', { domain })} onClose={onCancel} closeLabel={t('common.close')} initialFocus={codeRef}>
      <form noValidate onSubmit={handleSubmit(({ authCode }) => onConfirm(authCode.trim()))}>
        <p>{t('domains.transfer_dialog.intro', { domain })}</p>
        <label htmlFor={codeId} className="hc-label">
          {t('domains.transfer_dialog.code_label')}
        </label>
        <input
          id={codeId}
          className="hc-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          aria-invalid={errors.authCode ? true : undefined}
          {...codeField}
          ref={(el) => {
            codeFieldRef(el);
            codeRef.current = el;
          }}
        />
        <p id={hintId} className="hc-hint">
          {t('domains.transfer_dialog.code_hint')}
        </p>
        <div className="hc-checkbox">
          <input
            id={ownerId}
            type="checkbox"
            aria-invalid={errors.owner ? true : undefined}
            aria-describedby={errors.owner ? ownerErrorId : undefined}
            {...register('owner', { validate: (v) => v || 'domains.transfer_dialog.owner_required' })}
          />
          <label htmlFor={ownerId}>{t('domains.transfer_dialog.owner_label', { domain })}</label>
        </div>
        {errors.owner?.message && (
          <p id={ownerErrorId} className="hc-field-error" role="alert">
            {t(errors.owner.message)}
          </p>
        )}
        <div className="hc-dialog-actions">
          <button type="button" className="hc-button hc-button--secondary" onClick={onCancel}>
            {t('domains.transfer_dialog.cancel')}
          </button>
          <button type="submit" className="hc-button" disabled={codeEmpty}>
            {t('domains.transfer_dialog.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
