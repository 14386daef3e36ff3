import './lib/user-menu.css';
export { SessionRestorePage } from './lib/session-restore-page';
export { ContinueOrderPage } from './lib/continue-order-page';
export { UserMenu } from './lib/user-menu';
export type { UserMenuProps } from './lib/user-menu';
export { resumeTarget } from './lib/resume';
export type { ResumeState } from './lib/resume';
