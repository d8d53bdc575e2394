// The content lists of SPEC section 7 (GET /api/dashboard/careers, /testimonials and /news) answer
// { success, data: [...] }. One query definition serves each; the section says what a failed load does.
import type { JobOpeningsResponse } from '../contracts/careers.js';
import type { NewsResponse, TestimonialsResponse } from '../contracts/content.js';

/** The tags of those lists (see shopApi's tagTypes). */
export type DataListTag = 'Careers' | 'Testimonials' | 'News';

/** What such a list answers (the contracts' JobOpeningsResponse, TestimonialsResponse and NewsResponse). */
export interface DataListAnswer<Item> {
  success: boolean;
  data?: Item[];
}

/** The contracts' answers carry their items under data: a contract that renamed it fails the typecheck here. */
type CarriesData<Answer extends { success: boolean; data: unknown[] }> = Answer;
export type ContractDataLists = [
  CarriesData<JobOpeningsResponse>,
  CarriesData<NewsResponse>,
  CarriesData<TestimonialsResponse>,
];

/**
 * The query of one such list of the contract's items: the items (none when the answer carries no data),
 * cached under the list's tag. `onFailure` gets the call's error on every failed attempt, the first load and
 * each retry alike.
 */
export function dataListQuery<Item>(path: string, tag: DataListTag, onFailure: (error: unknown) => void) {
  return {
    query: () => path,
    transformResponse: (answer: DataListAnswer<Item>) => answer.data ?? [],
    providesTags: [tag],
    async onQueryStarted(_arg: void, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
      try {
        await queryFulfilled;
      } catch (failure) {
        onFailure((failure as { error?: unknown }).error);
      }
    },
  };
}
