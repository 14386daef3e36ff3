import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSignatureDate, readBasicInfo, readSignature, SIGNATURE_STYLES, type SignatureStyle, type SignatureValue } from '@hostcart/shared-util-fields';
import { useFieldFamily } from '../family-context';
import { useClock } from '@hostcart/shared-ui';
import { FieldError } from './field-error';
import { PpoaLegalText } from './ppoa-legal-text';
import { SubInput } from './sub-input';
import type { WidgetProps } from './widget-props';

/**
 * The handwriting fonts of the styles. No web font is downloaded: a font installed on the
 * visitor's device under that name is used, else a handwriting-like system font, else the
 * browser's generic cursive face.
 */
export const SIGNATURE_FONTS: Record<SignatureStyle, string> = {
  'coming-soon': "'Coming Soon', 'Segoe Print', 'Comic Sans MS', cursive",
  'montez-regular': "'Montez', 'Brush Script MT', 'Segoe Script', cursive",
  'sacramento-regular': "'Sacramento', 'Lucida Handwriting', 'Apple Chancery', cursive",
};

/** The name of the person granting power of attorney: the private form's, else the business form's. */
export function signerName(basicInfo: string): string {
  const info = readBasicInfo(basicInfo);
  const form = [info.private, info.business].find((f) => f && (f.first_name.trim() || f.last_name.trim()));
  return form ? `${form.first_name.trim()} ${form.last_name.trim()}`.trim() : '';
}

/**
 * Signature (spec §2): the legal text, a style picker showing the name in each style, the place
 * of contract, today's date (stored as dd.mm.yyyy, shown in the locale's form) and a preview. Value: {"style","place","date"}.
 */
export function PpoaSignatureWidget({ id, value, onChange, onBlur, error, errorId, required, values }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const { today } = useFieldFamily();
  const clock = useClock();
  // FieldsForm sets today (the day its rules check); rendered alone, the widget asks the same clock.
  const day = today ?? clock.now();
  // The value keeps the dd.mm.yyyy the server checks; the visitor reads the date as the locale writes it.
  const date = formatSignatureDate(day);
  const shownDate = new Intl.DateTimeFormat(i18n.language || 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(day);
  const sig = readSignature(value);
  const name = signerName(values?.['ppoa_basic_info'] ?? '');
  const shownName = name || t('families.signature.sample_name');
  const set = (patch: Partial<SignatureValue>) => onChange(JSON.stringify({ ...sig, ...patch, date }));
  // A stored signature from another day is dated today again (the server accepts only today).
  useEffect(() => {
    if (sig.date && sig.date !== date) set({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-dates the stored value when the day changes only; set and sig are new every render and would make it write on each one.
  }, [date]);
  const described = error ? errorId : undefined;
  const style = (SIGNATURE_STYLES as readonly string[]).includes(sig.style) ? (sig.style as SignatureStyle) : undefined;
  return (
    <div className="hc-field-group hc-family">
      <PpoaLegalText id={id} name={name || undefined} />
      <fieldset className="hc-choice-group" role="radiogroup" aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={described}>
        <legend className="hc-label">{t('families.signature.style')}</legend>
        {SIGNATURE_STYLES.map((s, i) => (
          <label key={s} className="hc-choice hc-family__option" htmlFor={i === 0 ? id : `${id}-${s}`}>
            <input id={i === 0 ? id : `${id}-${s}`} type="radio" name={`${id}-style`} value={s} checked={sig.style === s} onChange={() => set({ style: s })} onBlur={onBlur} />
            <span className="hc-family__style-name">{t(`families.signature.styles.${s}`)}</span>
            <span className={`hc-family__signature hc-family__signature--${s}`} style={{ fontFamily: SIGNATURE_FONTS[s] }} aria-hidden="true">
              {shownName}
            </span>
          </label>
        ))}
      </fieldset>
      <SubInput id={`${id}-place`} label={t('families.signature.place')} value={sig.place} required describedBy={described} autoComplete="address-level2" onChange={(v) => set({ place: v })} onBlur={onBlur} />
      <p className="hc-family__date">
        {t('families.signature.date')}: <time dateTime={date.split('.').reverse().join('-')}>{shownDate}</time>
      </p>
      <figure className="hc-family__preview" aria-labelledby={`${id}-preview`}>
        <figcaption id={`${id}-preview`} className="hc-label">
          {t('families.signature.preview')}
        </figcaption>
        <p>
          {sig.place.trim() || t('families.signature.place_missing')}, {shownDate}
        </p>
        <p className={`hc-family__signature hc-family__signature--large${style ? ` hc-family__signature--${style}` : ''}`} style={style ? { fontFamily: SIGNATURE_FONTS[style] } : undefined}>
          {style ? shownName : t('families.signature.style_missing')}
        </p>
      </figure>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
