import {
  ENQUIRY_MESSAGES,
  shopApi,
  type EnquiryResponse,
  type Failure,
  type ProductEnquiry,
} from '@metrology/shared';

/** The server answered: sent, or refused with its message (SPEC section 8, Enquiry). */
export interface EnquiryOutcome {
  sent: boolean;
  message: string;
}

/** Accepted, or refused (with per-field errors when the fields were the problem). */
type EnquiryAnswer = EnquiryResponse | Failure;

/**
 * POST /api/enquiry/submit. Any answer from the server is data (sent or refused, with the server's message or
 * 'Failed to submit enquiry'); only a call that never got an answer is an error (the 'Something went wrong' toast).
 */
export const enquiryApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    submitEnquiry: build.mutation<EnquiryOutcome, ProductEnquiry>({
      queryFn: async (enquiry, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/api/enquiry/submit',
          method: 'POST',
          body: enquiry,
          validateStatus: () => true,
          responseHandler: async (response) => ({
            body: (await response.json().catch(() => null)) as EnquiryAnswer | null,
          }),
        });
        if (result.error) return { error: result.error };
        const { body } = result.data as { body: EnquiryAnswer | null };
        if (body?.success === true) return { data: { sent: true, message: ENQUIRY_MESSAGES.success } };
        return { data: { sent: false, message: body?.message || ENQUIRY_MESSAGES.failed } };
      },
    }),
  }),
});

export const { useSubmitEnquiryMutation } = enquiryApi;
