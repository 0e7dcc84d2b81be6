import { expose } from 'comlink';
import { OrgTreeEngine } from '../src/core/orgTree/orgTreeEngine';

/** The organisation-tree worker: the engine, exposed through Comlink (the page's client is lib/orgTree/orgTreeClient). */
expose(new OrgTreeEngine());
