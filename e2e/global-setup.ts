import type { TestProject } from 'vitest/node';
import { startPortal } from './portal.ts';

import './provided.ts';

export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  project.provide('dataDir', portal.dataDir);
  project.provide('mailDir', portal.mailDir);
  project.provide('demoLoadedOn', portal.demoLoadedOn);
  return () => portal.stop();
}
