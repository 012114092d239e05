import type { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { TransactionScope } from '../TransactionScope.js';

/** Base of every TypeORM adapter: it works only inside a unit of work, on that unit's manager. */
export abstract class TypeOrmRepository {
  protected get manager(): EntityManager {
    const scope = TransactionScope.current();
    if (!scope || !scope.handle) throw new Error('a repository was used outside a unit of work');
    return scope.handle as EntityManager;
  }

  protected records<R extends ObjectLiteral>(target: EntityTarget<R>): Repository<R> {
    return this.manager.getRepository(target);
  }
}
