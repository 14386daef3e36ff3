// The generic field rules live in @hostcart/shared-ui-fields (shared by every fields form); this
// module keeps the names the domain screens import.
export { fieldsShown, firstViolation, initialValue, serverMessageParams } from '@hostcart/shared-ui-fields';
