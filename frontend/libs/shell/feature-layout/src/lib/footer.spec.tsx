import { screen } from '@testing-library/react';
import { Footer } from './footer';
import { makeBrand, renderWithProviders } from './test-utils';

describe('Footer', () => {
  it('links terms, privacy and revocation and prints the copyright line', () => {
    renderWithProviders(<Footer brand={makeBrand()} />);
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('https://www.hostwerk.de/agb');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://www.hostwerk.de/datenschutz');
    expect(screen.getByRole('link', { name: 'Right of withdrawal' }).getAttribute('href')).toBe('https://www.hostwerk.de/widerruf');
    expect(screen.getByText('© 2009 Hostwerk')).toBeTruthy();
  });

  it('hides the privacy-settings link unless the brand flag is on', () => {
    renderWithProviders(<Footer brand={makeBrand()} />);
    expect(screen.queryByRole('link', { name: 'Privacy settings' })).toBeNull();
  });

  it('shows the privacy-settings link when the brand flag is on', () => {
    renderWithProviders(<Footer brand={makeBrand({ name: 'Alpenhost' }, { display_privacy_settings_link: 'true', copyright_year: '2016' })} />);
    expect(screen.getByRole('link', { name: 'Privacy settings' }).getAttribute('href')).toBe('https://www.hostwerk.de/datenschutz/einstellungen');
    expect(screen.getByText('© 2016 Alpenhost')).toBeTruthy();
  });

  it('is translated', () => {
    renderWithProviders(<Footer brand={makeBrand()} />, { locale: 'de-DE' });
    expect(screen.getByRole('link', { name: 'AGB' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Widerrufsbelehrung' })).toBeTruthy();
  });
});
