import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ProviderProfile, SystemProfile } from './NodeProfile.js';
import { PROVIDER_PROFILES } from './providerProfiles.js';
import { SYSTEM_PROFILES } from './systemProfiles.js';

function profileNotFound(kind: string, text: string): DomainError {
  return new DomainError(
    `${kind.toUpperCase()}_PROFILE_NOT_FOUND`,
    'not_found',
    `there is no ${kind} profile '${text.length > 80 ? `${text.slice(0, 80)}…` : text}'; nodes/${kind}Profiles/get lists them`,
    [{ field: 'profile', rule: 'exists', message: `profile must be the id of a ${kind} profile` }],
  );
}

/** The built-in node profiles (data; nothing is stored). A profile is named by its id, either id shape. */
export const ProfileCatalog = {
  systemProfiles(): readonly SystemProfile[] {
    return SYSTEM_PROFILES;
  },

  providerProfiles(): readonly ProviderProfile[] {
    return PROVIDER_PROFILES;
  },

  systemProfile(text: string): SystemProfile {
    const found = SYSTEM_PROFILES.find((p) => sameId(p.id, text));
    if (!found) throw profileNotFound('system', text);
    return found;
  },

  providerProfile(text: string): ProviderProfile {
    const found = PROVIDER_PROFILES.find((p) => sameId(p.id, text));
    if (!found) throw profileNotFound('provider', text);
    return found;
  },
};

function sameId(id: string, text: string): boolean {
  const compact = (value: string): string => value.trim().replace(/-/g, '').toLowerCase();
  return compact(id) === compact(text) && /^[0-9a-fA-F-]{32,36}$/.test(text.trim());
}
