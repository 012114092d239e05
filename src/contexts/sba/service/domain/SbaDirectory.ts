import { createHash } from 'node:crypto';
import type { LabId } from '../../../../shared/domain/LabId.js';

/** A user of the collaboration platform as the SBA service reads it from the platform's directory. */
export interface SbaUser {
  readonly id: string;
  readonly displayName: string;
  readonly givenName: string;
  readonly surname: string;
  readonly userPrincipalName: string;
  readonly sipAddress: string;
  readonly phoneNumber: string;
  readonly department: string;
}

const GIVEN = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Elif',
  'Felix',
  'Greta',
  'Hannes',
  'Ines',
  'Jonas',
  'Katrin',
  'Lukas',
  'Mara',
  'Niklas',
  'Olga',
  'Paul',
  'Rosa',
  'Stefan',
  'Tanja',
  'Umut',
  'Vera',
  'Wolfgang',
  'Yasmin',
  'Zoran',
];
const SURNAMES = [
  'Albrecht',
  'Becker',
  'Caspari',
  'Dietrich',
  'Engel',
  'Fischer',
  'Günther',
  'Hoffmann',
  'Irmer',
  'Jansen',
  'Keller',
  'Lorenz',
  'Meyer',
  'Neumann',
  'Otto',
  'Peters',
  'Richter',
  'Schulz',
  'Thiele',
  'Ulrich',
  'Vogel',
  'Wagner',
  'Yilmaz',
  'Ziegler',
];
const DEPARTMENTS = ['Sales', 'Support', 'Engineering', 'Finance', 'Operations', 'Reception'];

/** Deterministic bytes for a lab and a purpose. */
function bytes(lab: LabId, purpose: string): Buffer {
  return createHash('sha256').update(`${lab}\u0000${purpose}`).digest();
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/**
 * The simulated directory of a lab's collaboration platform: 12 base users seeded from the lab's id (the same
 * for every run), and each read (`generation`, raised by users/refresh) brings small changes: every third read one
 * user more joins, and one user's number moves. The same lab and generation always give the same users.
 */
export function sbaDirectory(lab: LabId, generation: number): SbaUser[] {
  const seed = bytes(lab, 'sba-directory');
  const domain = `${ascii(lab).slice(0, 12) || 'lab'}.example.com`;
  const count = 12 + (Math.floor(generation / 3) % 6);
  const users: SbaUser[] = [];
  const taken = new Set<string>();
  for (let i = 0; users.length < count; i++) {
    const given = GIVEN[(seed[i % 32]! + i * 7) % GIVEN.length]!;
    const surname = SURNAMES[(seed[(i + 11) % 32]! + i * 5) % SURNAMES.length]!;
    const key = `${given} ${surname}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const user = `${ascii(given)}.${ascii(surname)}`;
    const extension =
      200 + users.length + (users.length === generation % count ? 50 * Math.ceil(generation / count + 0.01) : 0);
    const idBytes = bytes(lab, `user-${users.length}`).toString('hex');
    users.push({
      id: `${idBytes.slice(0, 8)}-${idBytes.slice(8, 12)}-4${idBytes.slice(13, 16)}-8${idBytes.slice(17, 20)}-${idBytes.slice(20, 32)}`,
      displayName: key,
      givenName: given,
      surname,
      userPrincipalName: `${user}@${domain}`,
      sipAddress: `sip:${user}@${domain}`,
      phoneNumber: `+49 30 5550${String(1000 + extension).slice(1)}`,
      department: DEPARTMENTS[(seed[(i + 3) % 32]! + i) % DEPARTMENTS.length]!,
    });
  }
  return users;
}
