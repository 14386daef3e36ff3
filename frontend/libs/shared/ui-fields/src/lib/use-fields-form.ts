import { useCallback, useEffect, useMemo, useRef, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { KEY_SAME_PASSWORD } from '@hostcart/shared-util-fields';
import { firstViolation, initialValue, serverMessageParams } from './field-rules';
import type { FieldDef, FieldMessage, FieldValueEntry, ServerFieldErrors } from './types';

/** Spec §4 "Field forms", §9: a field counts as touched 500 ms after its last edit. */
export const TOUCH_DELAY_MS = 500;

/** The widget with a second, confirming input. */
export const PASSWORD_COMPONENT = 'password';

/** Form key of a password's confirm input (never sent; field keys hold no '#'). */
export const confirmKey = (key: string) => `${key}#confirm`;

/** The error type of a message the server sent (cleared by editing the field). */
const SERVER = 'server';

type FormValues = Record<string, string>;

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
  /**
   * A submit handler: react-hook-form's handleSubmit, so `onValid` runs only when the resolver
   * (the shared rules) finds nothing, with the shown fields' trimmed values.
   */
  handleSubmit: (onValid: (trimmed: Record<string, string>) => Promise<void>) => (e?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * Input keys and react-hook-form names. A field key may hold dots, which react-hook-form reads as
 * a path, so the form's names are positions (`f0`, `f0c` for a password's confirm).
 */
function namesOf(fields: readonly FieldDef[]): { toName: Map<string, string>; toKey: Map<string, string> } {
  const toName = new Map<string, string>();
  fields.forEach((f, i) => {
    toName.set(f.key, `f${i}`);
    if (f.input_component === PASSWORD_COMPONENT) toName.set(confirmKey(f.key), `f${i}c`);
  });
  return { toName, toKey: new Map([...toName].map(([k, n]) => [n, k])) };
}

/** A message travels in react-hook-form's string `message` with its params. */
const encode = (m: FieldMessage) => JSON.stringify(m);
const decode = (raw: string | undefined): FieldMessage | undefined => (raw ? (JSON.parse(raw) as FieldMessage) : undefined);

/** Every rule problem of the values by input key: the shared engine, plus equal password confirms. */
function clientProblems(fields: readonly FieldDef[], values: Readonly<Record<string, string>>, today: Date): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const f of fields) {
    const problem = firstViolation(f, values[f.key] ?? '', values, today);
    if (problem) out[f.key] = problem;
    if (f.input_component === PASSWORD_COMPONENT) {
      const ck = confirmKey(f.key);
      if ((values[ck] ?? '').trim() !== (values[f.key] ?? '').trim()) out[ck] = { key: KEY_SAME_PASSWORD, params: { field: f.label || f.key, other: f.key } };
    }
  }
  return out;
}

/**
 * The state of a fields form on react-hook-form: values per field, touched after the edit delay
 * (or on leaving the input), server errors set with setError that editing the field clears, and
 * the shared rule engine as the resolver that guards submitting. The rule problems shown and
 * isValid are derived from the values in the same render: react-hook-form validates
 * asynchronously, and the form must not show a stale message or enable Save a tick late.
 */
export function useFieldsForm(
  fields: readonly FieldDef[],
  stored: readonly FieldValueEntry[] | null | undefined,
  brandCountry: string,
  /** The day the form shows and saves (a signature is dated with it). */
  today: Date,
): FieldsFormState {
  const { toName, toKey } = useMemo(() => namesOf(fields), [fields]);
  const byKey = useCallback((values: FormValues) => Object.fromEntries([...toKey].map(([name, key]) => [key, values[name] ?? ''])), [toKey]);

  const defaults = useMemo(() => {
    const out: FormValues = {};
    fields.forEach((f) => {
      const name = toName.get(f.key) as string;
      out[name] = initialValue(f, stored, brandCountry);
      // A stored password is confirmed already.
      if (f.input_component === PASSWORD_COMPONENT) out[toName.get(confirmKey(f.key)) as string] = out[name];
    });
    return out;
  }, [fields, stored, brandCountry, toName]);

  // The resolver reads the current definitions (react-hook-form keeps the first options object).
  const current = useRef({ fields, toName, byKey, today });
  current.current = { fields, toName, byKey, today };
  const resolver = useCallback<Resolver<FormValues>>(async (values) => {
    const { fields: defs, toName: names, byKey: keyed, today: day } = current.current;
    const errors: FieldErrors<FormValues> = {};
    for (const [key, problem] of Object.entries(clientProblems(defs, keyed(values), day))) {
      const name = names.get(key);
      if (name) errors[name] = { type: 'rules', message: encode(problem) };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  }, []);

  const form = useForm<FormValues>({
    // Client problems are derived in render (see above); react-hook-form validates on submit only.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver,
    // Values arriving later (the brand's country, a stored cart) fill what the visitor left alone.
    values: defaults,
    resetOptions: { keepDirtyValues: true, keepTouched: true, keepErrors: true },
  });
  const { errors, touchedFields } = form.formState;
  for (const name of toName.values()) form.register(name);
  const raw = form.watch();

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const values = useMemo(() => byKey({ ...defaults, ...raw }), [byKey, defaults, raw]);

  const problems = useMemo(() => clientProblems(fields, values, today), [fields, values, today]);

  const touch = useCallback((name: string) => form.setValue(name, form.getValues(name) ?? '', { shouldTouch: true }), [form]);

  const setValue = useCallback(
    (key: string, value: string) => {
      const name = toName.get(key);
      if (!name) return;
      // Editing clears the server's message at once; the rules judge the new value.
      if (form.getFieldState(name).error?.type === SERVER) form.clearErrors(name);
      form.setValue(name, value, { shouldDirty: true });
      const old = timers.current.get(name);
      if (old) clearTimeout(old);
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          touch(name);
        }, TOUCH_DELAY_MS),
      );
    },
    [form, toName, touch],
  );

  const blur = useCallback(
    (key: string) => {
      const name = toName.get(key);
      if (!name) return;
      touch(name);
      // Spec §5: a confirm that does not match is cleared (the message stays).
      const field = fields.find((f) => confirmKey(f.key) === key);
      const value = values[key] ?? '';
      if (field && value !== '' && value.trim() !== (values[field.key] ?? '').trim()) form.setValue(name, '', { shouldDirty: true });
    },
    [fields, form, toName, touch, values],
  );

  const setServerErrors = useCallback(
    (serverErrors: ServerFieldErrors) => {
      const unknown: string[] = [];
      for (const [id, keys] of Object.entries(serverErrors)) {
        const first = keys[0];
        if (!first) continue;
        const field = fields.find((f) => String(f.id) === id);
        const name = field && toName.get(field.key);
        if (field && name) form.setError(name, { type: SERVER, message: encode({ key: first, params: serverMessageParams(field, first) }) });
        else unknown.push(first);
      }
      return unknown;
    },
    [fields, form, toName],
  );

  // The server's message first, else the rules' once the input is touched.
  const shownErrors: Record<string, FieldMessage> = {};
  let hasServerError = false;
  for (const [name, key] of toKey) {
    const error = errors[name];
    const server = error?.type === SERVER ? decode(error.message) : undefined;
    if (server) {
      hasServerError = true;
      shownErrors[key] = server;
    } else if (problems[key] && touchedFields[name]) shownErrors[key] = problems[key];
  }

  const trimmedValues = useCallback(() => Object.fromEntries(fields.map((f) => [f.key, (values[f.key] ?? '').trim()])), [fields, values]);

  const handleSubmit = useCallback(
    (onValid: (trimmed: Record<string, string>) => Promise<void>) => form.handleSubmit(() => onValid(trimmedValues())),
    [form, trimmedValues],
  );

  return { values, shownErrors, isValid: Object.keys(problems).length === 0, hasServerError, setValue, blur, setServerErrors, trimmedValues, handleSubmit };
}
