import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { KEY_SAME_PASSWORD } from '@hostcart/shared-util-fields';
import { firstViolation, initialValue, serverMessageParams } from './field-rules';
import type { FieldDef, FieldMessage, FieldValueEntry, ServerFieldErrors } from './types';

/** Spec §4 "Field forms", §9: a field counts as touched 500 ms after its last edit. */
export const TOUCH_DELAY_MS = 500;

/** The widget with a second, confirming input. */
export const PASSWORD_COMPONENT = 'password';

/** Form key of a password's confirm input (never sent; field keys hold no '#'). */
export const confirmKey = (key: string) => `${key}#confirm`;

export interface FieldsFormState {
  values: Record<string, string>;
  /** The problem to show per input key (server first, else the rules once touched). */
  shownErrors: Record<string, FieldMessage>;
  /** Every field valid under its rules and every password confirmed. */
  isValid: boolean;
  hasServerError: boolean;
  setValue: (key: string, value: string) => void;
  blur: (key: string) => void;
  /** Shows the server's first message per field id; unknown ids are returned. */
  setServerErrors: (errors: ServerFieldErrors) => string[];
  /** The shown fields' values, trimmed. */
  trimmedValues: () => Record<string, string>;
}

/**
 * The state of a fields form: values per field, touched after the edit delay, client violations
 * from the shared rule engine, server errors that editing the field clears.
 */
export function useFieldsForm(fields: readonly FieldDef[], stored: readonly FieldValueEntry[] | null | undefined, brandCountry: string): FieldsFormState {
  const initial = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of fields) {
      out[f.key] = initialValue(f, stored, brandCountry);
      // A stored password is confirmed already.
      if (f.input_component === PASSWORD_COMPONENT) out[confirmKey(f.key)] = out[f.key];
    }
    return out;
  }, [fields, stored, brandCountry]);

  const [edited, setEdited] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Record<string, FieldMessage>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  // Values arriving later (the brand's country, a stored cart) fill what the visitor left alone.
  const values = useMemo(() => ({ ...initial, ...edited }), [initial, edited]);

  const touch = useCallback((key: string) => {
    setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
  }, []);

  const clientErrors = useMemo(() => {
    const out: Record<string, FieldMessage> = {};
    for (const f of fields) {
      const problem = firstViolation(f, values[f.key] ?? '', values);
      if (problem) out[f.key] = problem;
      if (f.input_component === PASSWORD_COMPONENT) {
        const ck = confirmKey(f.key);
        if ((values[ck] ?? '').trim() !== (values[f.key] ?? '').trim()) out[ck] = { key: KEY_SAME_PASSWORD, params: { field: f.label || f.key, other: f.key } };
      }
    }
    return out;
  }, [fields, values]);

  const setValue = useCallback(
    (key: string, value: string) => {
      setEdited((prev) => ({ ...prev, [key]: value }));
      setServer((prev) => {
        if (!(key in prev)) return prev;
        const next = { ...prev };
        delete next[key];
        return next;
      });
      const old = timers.current.get(key);
      if (old) clearTimeout(old);
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          touch(key);
        }, TOUCH_DELAY_MS),
      );
    },
    [touch],
  );

  const blur = useCallback(
    (key: string) => {
      touch(key);
      // Spec §5: a confirm that does not match is cleared (the message stays).
      const field = fields.find((f) => confirmKey(f.key) === key);
      if (field && (values[key] ?? '') !== '' && (values[key] ?? '').trim() !== (values[field.key] ?? '').trim()) {
        setEdited((prev) => ({ ...prev, [key]: '' }));
      }
    },
    [fields, touch, values],
  );

  const setServerErrors = useCallback(
    (errors: ServerFieldErrors) => {
      const next: Record<string, FieldMessage> = {};
      const unknown: string[] = [];
      for (const [id, keys] of Object.entries(errors)) {
        const first = keys[0];
        if (!first) continue;
        const field = fields.find((f) => String(f.id) === id);
        if (field) next[field.key] = { key: first, params: serverMessageParams(field, first) };
        else unknown.push(first);
      }
      setServer(next);
      return unknown;
    },
    [fields],
  );

  const shownErrors = useMemo(() => {
    const out: Record<string, FieldMessage> = {};
    for (const [key, problem] of Object.entries(clientErrors)) if (touched.has(key)) out[key] = problem;
    return { ...out, ...server };
  }, [clientErrors, touched, server]);

  const trimmedValues = useCallback(() => Object.fromEntries(fields.map((f) => [f.key, (values[f.key] ?? '').trim()])), [fields, values]);

  return {
    values,
    shownErrors,
    isValid: Object.keys(clientErrors).length === 0,
    hasServerError: Object.keys(server).length > 0,
    setValue,
    blur,
    setServerErrors,
    trimmedValues,
  };
}
