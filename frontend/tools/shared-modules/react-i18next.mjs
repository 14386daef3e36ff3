// What the shop uses of react-i18next, shared in its place (see react-router-dom.mjs beside it):
// the whole package, Trans and IcuTrans included, is about three times this on the first load.
// Imported by path: the bare name 'react-i18next' is the shared key this module is provided under,
// and importing it here would consume the module itself.
export { I18nextProvider, initReactI18next, useTranslation } from '../../../node_modules/react-i18next/dist/es/index.js';
