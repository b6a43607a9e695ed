/**
 * A service's names and paths, from the name it is given: what `add service`, the tools that call
 * it and `rename` agree on.
 */

import { serviceDirs, serviceFiles } from '../../registration/layout.js';
import { type Names, parseName } from '../../text/names.js';
import { serviceLayout } from './layout.js';

export interface ServiceNames {
  names: Names;
  /** Folder and file stem: `ncbi` → src/services/ncbi/ncbi-service.ts */
  domain: string;
  className: string;
  initName: string;
  getName: string;
  recordType: string;
  file: string;
  typesFile: string;
  testFile: string;
}

/** The names and paths of a service, from its name (`ncbi`, `pub-med`, `ncbi_service`). */
export function serviceNames(raw: string): ServiceNames {
  let names = parseName(raw, 'service name');
  // `ncbi_service` and `NcbiService` mean the ncbi service: the suffix is added back below.
  if (names.words.length > 1 && names.words[names.words.length - 1] === 'service') {
    names = parseName(names.words.slice(0, -1).join('_'), 'service name');
  }
  const domain = names.kebab;
  const className = `${names.pascal}Service`;
  const files = serviceFiles(serviceLayout, domain);
  return {
    names,
    domain,
    className,
    initName: `init${className}`,
    getName: `get${className}`,
    recordType: `${names.pascal}Record`,
    file: files.file,
    typesFile: `${serviceDirs(serviceLayout, domain).src}/types.ts`,
    testFile: files.test,
  };
}
