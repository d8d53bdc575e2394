// The one query of SPEC's content lists (careers, testimonials, news), against the test kit's fake API.
import { withSectionApi } from '@metrology/test-kit';
import { shopApi } from '../base-api';
import { dataListQuery } from '../data-list';
import { createShopStore } from '../../store/create-store';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

const api = withSectionApi();
const failures: unknown[] = [];

const listApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    probeList: build.query<{ name: string }[], void>(
      dataListQuery<{ name: string }>('/api/dashboard/probe', 'News', (error) => failures.push(error)),
    ),
  }),
});

beforeEach(() => {
  failures.length = 0;
});

test('answers the items of data, and none when the answer carries no data', async () => {
  api.override('GET /api/dashboard/probe', () => ({
    body: { success: true, data: [{ name: 'Open day' }, { name: 'Trade fair' }] },
  }));
  const store = createShopStore();
  expect((await store.dispatch(listApi.endpoints.probeList.initiate())).data).toEqual([
    { name: 'Open day' },
    { name: 'Trade fair' },
  ]);
  api.override('GET /api/dashboard/probe', () => ({ body: { success: true } }));
  const fresh = createShopStore();
  expect((await fresh.dispatch(listApi.endpoints.probeList.initiate())).data).toEqual([]);
  expect(failures).toEqual([]);
});

test('each failed attempt hands its error to the section, the first load and a retry alike', async () => {
  api.override('GET /api/dashboard/probe', () => ({
    status: 500,
    body: { success: false, message: 'Database down' },
  }));
  const store = createShopStore();
  await store.dispatch(listApi.endpoints.probeList.initiate());
  await store.dispatch(listApi.endpoints.probeList.initiate(undefined, { forceRefetch: true }));
  expect(failures).toHaveLength(2);
  expect(failures[0]).toMatchObject({ status: 500, message: 'Database down' });
  expect(api.callsTo('GET /api/dashboard/probe')).toHaveLength(2);
});
