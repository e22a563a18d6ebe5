// The account's settings: profile, sessions, data and help (creators and brands). A chunk of its
// own, loaded when the page opens.
export { SettingsPage } from './components/settings-page';
export { HelpPage } from './components/help-page';
