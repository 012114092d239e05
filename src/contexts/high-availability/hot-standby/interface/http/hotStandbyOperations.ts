import { operation } from '../../../../../shared/interface/http/Operation.js';
import { ADD_MODES, HotStandbyController } from './HotStandbyController.js';
import { AddHotStandbyView, HotStandbyOptionsView, HotStandbyStatusView } from './HotStandbyViews.js';
import { CreateConditionsDto, HotStandbyOptionsDto } from './HotStandbyDtos.js';

const area = 'Hot standby';
const id = { name: 'id', type: 'string', required: true, description: 'hot standby object: id (either id shape) or display name' } as const;
const enabled = { name: 'enabled', type: 'boolean', required: false, description: 'true (default) enables, false disables' } as const;

/** The nine hot standby operations (IPC_SERVER objects of the working configuration and the pair's role state machine). */
export const hotStandbyOperations = [
  operation({
    area, method: 'GET', path: '/api/hotStandby/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'Every hot standby object, or the one id names; [] when there is none',
    query: [{ ...id, required: false, description: 'hot standby object: id (either id shape) or display name; all when left out' }],
    response: { kind: 'json', shape: HotStandbyOptionsView, array: true },
    controller: HotStandbyController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'POST', path: '/api/hotStandby/add', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a hot standby object with a new network controller, network security profile and link (IPC client); name required',
    query: [{ name: 'mode', type: 'string', required: true, values: Object.keys(ADD_MODES), description: 'which system the objects are for' }],
    request: HotStandbyOptionsDto, response: { kind: 'json', shape: AddHotStandbyView },
    controller: HotStandbyController, handle: (c, r) => c.add(r),
  }),
  operation({
    area, method: 'POST', path: '/api/hotStandby/set', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Change a hot standby object: the fields given are set, the others kept',
    query: [id], request: HotStandbyOptionsDto, response: { kind: 'json', shape: HotStandbyOptionsView },
    controller: HotStandbyController, handle: (c, r) => c.set(r),
  }),
  operation({
    area, method: 'GET', path: '/api/hotStandby/status', version: 0, permissions: ['API', 'MON-R', 'CFG-R'], body: 'none',
    summary: 'The pair\'s status: NOT_COMMITTED until the configuration holding the object is committed, then roles, link and what is possible',
    query: [id], response: { kind: 'json', shape: HotStandbyStatusView },
    controller: HotStandbyController, handle: (c, r) => c.status(r),
  }),
  operation({
    area, method: 'POST', path: '/api/hotStandby/createConditions', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Create the role conditions (CS_CONDITION) asked for, referenced from the hot standby object',
    query: [id], request: CreateConditionsDto, response: { kind: 'text', example: 'Conditions successfully created' },
    controller: HotStandbyController, handle: (c, r) => c.createConditions(r),
  }),
  operation({
    area, method: 'GET', path: '/api/hotStandby/handover', version: 0, permissions: ['API', 'MON-R', 'CFG-W'], body: 'none',
    summary: 'Hand the active role over to the standby system (409 HANDOVER_NOT_POSSIBLE unless handoverPossible)',
    query: [id], response: { kind: 'text', example: 'SUCCESS' },
    controller: HotStandbyController, handle: (c, r) => c.handover(r),
  }),
  operation({
    area, method: 'GET', path: '/api/hotStandby/recover', version: 0, permissions: ['API', 'MON-R', 'CFG-W'], body: 'none',
    summary: 'Return the active role to the main system (409 RECOVERY_NOT_POSSIBLE unless recoveryPossible)',
    query: [id], response: { kind: 'text', example: 'SUCCESS' },
    controller: HotStandbyController, handle: (c, r) => c.recover(r),
  }),
  operation({
    area, method: 'GET', path: '/api/hotStandby/enableMainSystem', version: 0, permissions: ['API', 'CFG-W'], body: 'none',
    summary: 'Enable or disable the main system\'s ability to take the active role (not while it holds it)',
    query: [id, enabled], response: { kind: 'empty' },
    controller: HotStandbyController, handle: (c, r) => c.enableMainSystem(r),
  }),
  operation({
    area, method: 'GET', path: '/api/hotStandby/enableStandbySystem', version: 0, permissions: ['API', 'CFG-W'], body: 'none',
    summary: 'Enable or disable the standby system\'s ability to take the active role (not while it holds it)',
    query: [id, enabled], response: { kind: 'empty' },
    controller: HotStandbyController, handle: (c, r) => c.enableStandbySystem(r),
  }),
];
