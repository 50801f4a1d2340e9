// The time zone most of each region lives in (IANA names, as PostgreSQL and browsers know them): a family's
// letters go out by its own clock (modules/mailing/reminders.ts). Russia spans eleven zones, from
// Kaliningrad (UTC+2) to Kamchatka and Chukotka (UTC+12). A region not listed here keeps Moscow time, as
// does a family that named no region. Yakutia spans three zones; Yakutsk's is the one most families have.
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

export const REGION_TIME_ZONES: Readonly<Record<string, string>> = {
  'RU-KGD': 'Europe/Kaliningrad',
  // UTC+4
  'RU-SAM': 'Europe/Samara',
  'RU-UD': 'Europe/Samara',
  'RU-AST': 'Europe/Astrakhan',
  'RU-SAR': 'Europe/Saratov',
  'RU-ULY': 'Europe/Ulyanovsk',
  // UTC+5
  'RU-BA': 'Asia/Yekaterinburg',
  'RU-KGN': 'Asia/Yekaterinburg',
  'RU-ORE': 'Asia/Yekaterinburg',
  'RU-PER': 'Asia/Yekaterinburg',
  'RU-SVE': 'Asia/Yekaterinburg',
  'RU-TYU': 'Asia/Yekaterinburg',
  'RU-CHE': 'Asia/Yekaterinburg',
  'RU-KHM': 'Asia/Yekaterinburg',
  'RU-YAN': 'Asia/Yekaterinburg',
  // UTC+6
  'RU-OMS': 'Asia/Omsk',
  // UTC+7
  'RU-NVS': 'Asia/Novosibirsk',
  'RU-ALT': 'Asia/Barnaul',
  'RU-AL': 'Asia/Barnaul',
  'RU-TOM': 'Asia/Tomsk',
  'RU-KEM': 'Asia/Novokuznetsk',
  'RU-KYA': 'Asia/Krasnoyarsk',
  'RU-TY': 'Asia/Krasnoyarsk',
  'RU-KK': 'Asia/Krasnoyarsk',
  // UTC+8
  'RU-IRK': 'Asia/Irkutsk',
  'RU-BU': 'Asia/Irkutsk',
  // UTC+9
  'RU-ZAB': 'Asia/Chita',
  'RU-SA': 'Asia/Yakutsk',
  'RU-AMU': 'Asia/Yakutsk',
  // UTC+10
  'RU-PRI': 'Asia/Vladivostok',
  'RU-KHA': 'Asia/Vladivostok',
  'RU-YEV': 'Asia/Vladivostok',
  // UTC+11
  'RU-SAK': 'Asia/Sakhalin',
  'RU-MAG': 'Asia/Magadan',
  // UTC+12
  'RU-KAM': 'Asia/Kamchatka',
  'RU-CHU': 'Asia/Anadyr',
};

/** The region's time zone by its code; Moscow time for any other. */
export const regionTimeZone = (code: string): string => REGION_TIME_ZONES[code] ?? MOSCOW_TIME_ZONE;
