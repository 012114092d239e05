import type { LabId } from '../../../../shared/domain/LabId.js';
import type { UserAccount } from '../../users/domain/UserAccount.js';
import type { UserRepository } from '../../users/domain/UserRepository.js';

/** The user that may log in with `name`: by local username, else by a directory login name. */
export async function findLoginUser(users: UserRepository, lab: LabId, name: string): Promise<UserAccount | undefined> {
  const local = await users.byLocalUsername(lab, name);
  if (local?.logsInLocallyAs(name)) return local;
  return (await users.byDirectoryName(lab, name)).find((user) => user.directoryLoginsAs(name).length > 0);
}
