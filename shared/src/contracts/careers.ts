// GET /api/dashboard/careers and POST /api/careers/applications/submit (SPEC sections 5 and 7). The application is
// multipart/form-data (a file inside), so it has no JSON body schema: only its answer is here.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Envelope } from './common.js';

export const JobOpening = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  location: Type.String(),
  qualification: Type.String(),
  description: Type.String(),
  responsibilities: Type.Array(Type.String()),
  requirements: Type.Array(Type.String()),
});
export type JobOpening = Static<typeof JobOpening>;

export const JobOpeningsResponse = Answer({ data: Type.Array(JobOpening) });
export type JobOpeningsResponse = Static<typeof JobOpeningsResponse>;

export const ApplicationResponse = Envelope;
export type ApplicationResponse = Static<typeof ApplicationResponse>;
