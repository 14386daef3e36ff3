import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PERSONS, readPersons } from '@hostcart/shared-util-fields';
import { FieldError } from './field-error';
import { SubInput } from './sub-input';
import type { WidgetProps } from './widget-props';

interface Row {
  key: number;
  first_name: string;
  last_name: string;
}

/**
 * Additional tenants (spec §2, §3, §5): up to 11 rows of first and last name. Rows with neither
 * name are not part of the value, a row with one name is (so the persons rule reports it), and the
 * value is {"persons":[{"first_name","last_name"}]}: only complete pairs reach the cart because
 * Save stays disabled while one is incomplete.
 */
export function NsaTenantsWidget({ field, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  const { t } = useTranslation();
  const next = useRef(0);
  const row = (p: { first_name: string; last_name: string }): Row => ({ key: next.current++, ...p });
  const [rows, setRows] = useState<Row[]>(() => {
    const stored = readPersons(value).map(row);
    return stored.length > 0 ? stored : [row({ first_name: '', last_name: '' })];
  });
  const [announce, setAnnounce] = useState('');

  const emit = (list: Row[]) => {
    setRows(list);
    const persons = list.filter((r) => r.first_name.trim() || r.last_name.trim()).map(({ first_name, last_name }) => ({ first_name, last_name }));
    onChange(persons.length > 0 ? JSON.stringify({ persons }) : '');
  };
  const edit = (key: number, patch: Partial<Row>) => emit(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    emit([...rows, row({ first_name: '', last_name: '' })]);
    setAnnounce(t('families.tenants.added', { number: rows.length + 1 }));
  };
  const remove = (key: number, number: number) => {
    const left = rows.filter((r) => r.key !== key);
    emit(left.length > 0 ? left : [row({ first_name: '', last_name: '' })]);
    setAnnounce(t('families.tenants.removed', { number }));
  };

  return (
    <fieldset className="hc-field-group hc-family" aria-describedby={error ? errorId : `${id}-hint`}>
      <legend className="hc-label">{field.label || field.key}</legend>
      <p id={`${id}-hint`} className="hc-field-help">
        {t('families.tenants.hint', { max: MAX_PERSONS })}
      </p>
      <ol className="hc-family__tenants">
        {rows.map((r, i) => {
          const incomplete = !!error && !r.first_name.trim() !== !r.last_name.trim();
          return (
            <li key={r.key} className="hc-family__row hc-family__tenant">
              <SubInput
                id={i === 0 ? id : `${id}-${r.key}-first`}
                label={t('families.tenants.first_name', { number: i + 1 })}
                value={r.first_name}
                invalid={incomplete}
                describedBy={error ? errorId : undefined}
                autoComplete="off"
                onChange={(v) => edit(r.key, { first_name: v })}
                onBlur={onBlur}
              />
              <SubInput
                id={`${id}-${r.key}-last`}
                label={t('families.tenants.last_name', { number: i + 1 })}
                value={r.last_name}
                invalid={incomplete}
                describedBy={error ? errorId : undefined}
                onChange={(v) => edit(r.key, { last_name: v })}
                onBlur={onBlur}
              />
              <button type="button" className="hc-button hc-button--secondary hc-family__remove" onClick={() => remove(r.key, i + 1)}>
                {t('families.tenants.remove', { number: i + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="hc-button hc-button--secondary" disabled={rows.length >= MAX_PERSONS} onClick={add}>
        {t('families.tenants.add')}
      </button>
      {rows.length >= MAX_PERSONS && <p className="hc-field-help">{t('families.tenants.limit', { max: MAX_PERSONS })}</p>}
      <p className="hc-visually-hidden" aria-live="polite">
        {announce}
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
