import type { AppServices } from '../services/app-services.ts';

export interface DemoLogin {
  role: 'admin' | 'member';
  email: string;
  password: string;
}

export async function seedDemoMarketplace(_services: AppServices): Promise<DemoLogin[]> {
  return [];
}
