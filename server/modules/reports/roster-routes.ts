import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';

export async function rosterReportRoutes(_app: FastifyInstance, _ctx: AppContext) {}
