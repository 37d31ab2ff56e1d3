/**
 * VOD reference lists (spec: countries, languages, timezones; fields are our design, see
 * vod-v3.yaml). Static: the platform's lists do not depend on the account.
 */

/** ISO 3166-1 alpha-2 code and English name. */
export const countries: readonly { code: string; name: string }[] = [
  { code: 'AU', name: 'Australia' },
  { code: 'BR', name: 'Brazil' },
  { code: 'CA', name: 'Canada' },
  { code: 'CN', name: 'China' },
  { code: 'DE', name: 'Germany' },
  { code: 'ES', name: 'Spain' },
  { code: 'FR', name: 'France' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'IN', name: 'India' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'Korea, Republic of' },
  { code: 'MX', name: 'Mexico' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'PH', name: 'Philippines' },
  { code: 'SG', name: 'Singapore' },
  { code: 'TH', name: 'Thailand' },
  { code: 'TW', name: 'Taiwan' },
  { code: 'US', name: 'United States' },
  { code: 'VN', name: 'Viet Nam' },
];

/** ISO 639-1 code, English name, and whether subtitles can use the language. */
export const languages: readonly { code: string; name: string; is_subtitle_supported: boolean }[] =
  [
    { code: 'ar', name: 'Arabic', is_subtitle_supported: true },
    { code: 'de', name: 'German', is_subtitle_supported: true },
    { code: 'en', name: 'English', is_subtitle_supported: true },
    { code: 'es', name: 'Spanish', is_subtitle_supported: true },
    { code: 'fr', name: 'French', is_subtitle_supported: true },
    { code: 'hi', name: 'Hindi', is_subtitle_supported: false },
    { code: 'id', name: 'Indonesian', is_subtitle_supported: true },
    { code: 'it', name: 'Italian', is_subtitle_supported: false },
    { code: 'ja', name: 'Japanese', is_subtitle_supported: true },
    { code: 'ko', name: 'Korean', is_subtitle_supported: true },
    { code: 'pt', name: 'Portuguese', is_subtitle_supported: true },
    { code: 'ru', name: 'Russian', is_subtitle_supported: false },
    { code: 'th', name: 'Thai', is_subtitle_supported: true },
    { code: 'vi', name: 'Vietnamese', is_subtitle_supported: true },
    { code: 'zh', name: 'Chinese', is_subtitle_supported: true },
  ];

/** IANA name and standard (non-daylight-saving) offset from UTC. */
export const timezones: readonly { name: string; utc_offset: string }[] = [
  { name: 'Pacific/Honolulu', utc_offset: '-10:00' },
  { name: 'America/Los_Angeles', utc_offset: '-08:00' },
  { name: 'America/Denver', utc_offset: '-07:00' },
  { name: 'America/Chicago', utc_offset: '-06:00' },
  { name: 'America/New_York', utc_offset: '-05:00' },
  { name: 'America/Sao_Paulo', utc_offset: '-03:00' },
  { name: 'UTC', utc_offset: '+00:00' },
  { name: 'Europe/London', utc_offset: '+00:00' },
  { name: 'Europe/Berlin', utc_offset: '+01:00' },
  { name: 'Europe/Paris', utc_offset: '+01:00' },
  { name: 'Africa/Cairo', utc_offset: '+02:00' },
  { name: 'Europe/Moscow', utc_offset: '+03:00' },
  { name: 'Asia/Dubai', utc_offset: '+04:00' },
  { name: 'Asia/Kolkata', utc_offset: '+05:30' },
  { name: 'Asia/Bangkok', utc_offset: '+07:00' },
  { name: 'Asia/Ho_Chi_Minh', utc_offset: '+07:00' },
  { name: 'Asia/Jakarta', utc_offset: '+07:00' },
  { name: 'Asia/Singapore', utc_offset: '+08:00' },
  { name: 'Asia/Shanghai', utc_offset: '+08:00' },
  { name: 'Asia/Tokyo', utc_offset: '+09:00' },
  { name: 'Asia/Seoul', utc_offset: '+09:00' },
  { name: 'Australia/Sydney', utc_offset: '+10:00' },
  { name: 'Pacific/Auckland', utc_offset: '+12:00' },
];
