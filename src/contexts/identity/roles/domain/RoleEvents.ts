import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';

export interface RoleRemoved extends DomainEvent {
  readonly name: 'RoleRemoved';
  readonly roleId: string;
}
