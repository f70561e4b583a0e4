import type { Dashboard } from '@bjk/domain/dashboard';
import type { InterruptedJob } from '@bjk/domain/system';
import { http } from '../../shared/http';

/** Query keys of the dashboard: its figures and the bulk jobs a stopped server left unfinished. */
export const dashboardKeys = {
  figures: ['mgmt', 'dashboard'] as const,
  interruptedJobs: ['mgmt', 'jobs', 'interrupted'] as const,
};

export const dashboardQuery = () => ({ queryKey: dashboardKeys.figures, queryFn: () => http.get<Dashboard>('/api/v1/dashboard'), staleTime: 30_000 });

export const interruptedJobsQuery = () => ({ queryKey: dashboardKeys.interruptedJobs, queryFn: () => http.get<InterruptedJob[]>('/api/v1/jobs/interrupted') });

/** Resumes an interrupted job: the server does only what is left. */
export const resumeJob = (job: InterruptedJob) => http.post<null>(`/api/v1/jobs/${job.kind}/${job.id}/resume`);
