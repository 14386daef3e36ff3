/** A fixed choice of a picker: the stored value and its label (product names, not translated). */
export interface Choice {
  value: string;
  label: string;
}

/** Spec §2 "Additional-field widgets": the Linux distributions a server can be installed with. */
export const LINUX_DISTRIBUTIONS: readonly Choice[] = [
  { value: 'almalinux-8', label: 'AlmaLinux 8' },
  { value: 'almalinux-9', label: 'AlmaLinux 9' },
  { value: 'centos-9', label: 'CentOS 9' },
  { value: 'debian-10', label: 'Debian 10' },
  { value: 'debian-11', label: 'Debian 11' },
  { value: 'ubuntu-20.04', label: 'Ubuntu 20.04' },
  { value: 'ubuntu-22.04', label: 'Ubuntu 22.04' },
];

/** The three parts of a Windows server version value such as `2022-gui-de`. */
export interface WindowsVersion {
  version: '2019' | '2022' | '';
  edition: 'core' | 'gui' | '';
  language: 'en' | 'de' | '';
}

export const WINDOWS_RELEASES = ['2019', '2022'] as const;
export const WINDOWS_EDITIONS = ['core', 'gui'] as const;
export const WINDOWS_LANGUAGES = ['en', 'de'] as const;

/** Splits a stored value; unknown parts stay unchosen. */
export function parseWindowsVersion(value: string): WindowsVersion {
  const [version = '', edition = '', language = ''] = value.split('-');
  return {
    version: (WINDOWS_RELEASES as readonly string[]).includes(version) ? (version as WindowsVersion['version']) : '',
    edition: (WINDOWS_EDITIONS as readonly string[]).includes(edition) ? (edition as WindowsVersion['edition']) : '',
    language: (WINDOWS_LANGUAGES as readonly string[]).includes(language) ? (language as WindowsVersion['language']) : '',
  };
}

/** The stored value, or '' until all three parts are chosen (so required still applies). */
export function formatWindowsVersion(v: WindowsVersion): string {
  return v.version && v.edition && v.language ? `${v.version}-${v.edition}-${v.language}` : '';
}

/** External sites where a company can look up its D-U-N-S number. */
export const DUNS_LOOKUP_SITES: readonly Choice[] = [
  { value: 'https://www.dnb.com/duns-number/lookup.html', label: 'Dun & Bradstreet: D-U-N-S Number Lookup' },
  { value: 'https://www.upik.de/', label: 'UPIK® (Dun & Bradstreet Deutschland)' },
  { value: 'https://developer.apple.com/enroll/duns-lookup/', label: 'Apple Developer: D-U-N-S lookup' },
];
