import './lib/layout.css';
export * from './lib/layout';
export * from './lib/header';
export * from './lib/footer';
export * from './lib/notifications';
export * from './lib/loading-indicator';
export * from './lib/brand';
