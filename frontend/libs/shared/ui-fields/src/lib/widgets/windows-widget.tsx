import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWindowsVersion, parseWindowsVersion, WINDOWS_EDITIONS, WINDOWS_LANGUAGES, WINDOWS_RELEASES, type WindowsVersion } from '../choices';
import { ChoiceGroup } from './choice-group';
import { FieldError } from './field-error';
import type { WidgetProps } from './widget-props';

/**
 * The Windows server version picker: release (Server 2019, 2022), edition (core, gui) and language
 * (English, German), stored as one value like `2022-gui-de`. A partial choice is kept here and
 * the field stays empty until all three parts are chosen.
 */
export function WindowsWidget({ field, id, value, onChange, onBlur, error, errorId, required }: WidgetProps) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<WindowsVersion>(() => parseWindowsVersion(value));
  // A complete value from outside (stored, prefilled) wins over the partial choice.
  const shown = value ? parseWindowsVersion(value) : parts;
  const choose = (patch: Partial<WindowsVersion>) => {
    const next = { ...shown, ...patch };
    setParts(next);
    onChange(formatWindowsVersion(next));
  };
  return (
    <div className="hc-field">
      <fieldset className="hc-choice-group" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        <legend className="hc-label">{field.label || field.key}</legend>
        <ChoiceGroup
          legend={t('fields_form.windows_release')}
          name={`${id}-release`}
          choices={WINDOWS_RELEASES.map((r) => ({ value: r, label: `Windows Server ${r}` }))}
          value={shown.version}
          onChange={(v) => choose({ version: v as WindowsVersion['version'] })}
          onBlur={onBlur}
          required={required}
          className="hc-choice-group hc-choice-group--nested"
        />
        <ChoiceGroup
          legend={t('fields_form.windows_edition')}
          name={`${id}-edition`}
          choices={WINDOWS_EDITIONS.map((e) => ({ value: e, label: t(`fields_form.windows_edition_${e}`) }))}
          value={shown.edition}
          onChange={(v) => choose({ edition: v as WindowsVersion['edition'] })}
          onBlur={onBlur}
          required={required}
          className="hc-choice-group hc-choice-group--nested"
        />
        <ChoiceGroup
          legend={t('fields_form.windows_language')}
          name={`${id}-language`}
          choices={WINDOWS_LANGUAGES.map((l) => ({ value: l, label: t(`fields_form.windows_language_${l}`) }))}
          value={shown.language}
          onChange={(v) => choose({ language: v as WindowsVersion['language'] })}
          onBlur={onBlur}
          required={required}
          className="hc-choice-group hc-choice-group--nested"
        />
      </fieldset>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
