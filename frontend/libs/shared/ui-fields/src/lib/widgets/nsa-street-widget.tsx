import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStreet, type StreetValue } from '@hostcart/shared-util-fields';
import { useFieldFamily } from '../family-context';
import { FieldError } from './field-error';
import { SubInput } from './sub-input';
import type { WidgetProps } from './widget-props';

/** Spec §5: the street pair is checked against the server's rules this long after the last edit. */
export const STREET_CHECK_DELAY_MS = 500;

/**
 * Street and street number (spec §2, §5). Value: {"street","number"}. 500 ms after the last edit
 * the value goes to the server's validation (the screen's validateValue) and its first message is
 * shown until the next edit, besides the form's own (client) message.
 */
export function NsaStreetWidget({ field, id, value, onChange, onBlur, error, errorId, required }: WidgetProps) {
  const { t } = useTranslation();
  const { validateValue } = useFieldFamily();
  const pair = readStreet(value);
  const [serverError, setServerError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const edits = useRef(0);
  const set = (patch: Partial<StreetValue>) => {
    edits.current += 1;
    setServerError(undefined);
    onChange(JSON.stringify({ ...pair, ...patch }));
  };

  useEffect(() => {
    if (!validateValue || edits.current === 0 || (!pair.street.trim() && !pair.number.trim())) return;
    const edit = edits.current;
    const timer = setTimeout(() => {
      setChecking(true);
      validateValue(field.id, value)
        .then((keys) => {
          // An answer for an older edit is stale.
          if (edit === edits.current) setServerError(keys[0] ? t(keys[0], { field: field.label, defaultValue: t('error.generic') }) : undefined);
        })
        .catch(() => undefined) // saving validates again; a failed check must not block typing
        .finally(() => setChecking(false));
    }, STREET_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the debounced server check follows the value only: field, validateValue and t come from the form and a new object of them must not send another check (pair is derived from value).
  }, [value]);

  const message = error ?? serverError;
  const described = message ? errorId : undefined;
  return (
    <fieldset className="hc-field-group hc-family" aria-describedby={described} aria-busy={checking || undefined}>
      <legend className="hc-label">{field.label || field.key}</legend>
      <div className="hc-family__row hc-family__row--street">
        <SubInput id={id} label={t('families.street.street')} value={pair.street} required={required} invalid={!!message} describedBy={described} autoComplete="address-line1" onChange={(v) => set({ street: v })} onBlur={onBlur} />
        <SubInput id={`${id}-number`} label={t('families.street.number')} value={pair.number} required={required} invalid={!!message} describedBy={described} onChange={(v) => set({ number: v })} onBlur={onBlur} />
      </div>
      <div aria-live="polite">
        <FieldError id={errorId} message={message} />
      </div>
    </fieldset>
  );
}
