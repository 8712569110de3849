import { describe, expect, it } from 'vitest';
import { parseReversalResult } from './reversal-result';

describe('parseReversalResult', () => {
  it('reads a reversal made: the numeric code, the ids, and the Occasion from a single ReferenceItem', () => {
    expect(
      parseReversalResult({
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: '7d1f-44a2-8c3b-9e0f11aa22bb551234',
          ConversationID: 'AG_20250314_2010a1b2c3d4e5f6a7b8',
          TransactionID: 'TCE0000000',
          ResultParameters: {
            ResultParameter: [
              { Key: 'ReceiptNo', Value: 'TCE4K7M2QX' },
              { Key: 'Amount', Value: 1450 },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'ORD10482' } },
        },
      }),
    ).toEqual({
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      originatorConversationId: '7d1f-44a2-8c3b-9e0f11aa22bb551234',
      conversationId: 'AG_20250314_2010a1b2c3d4e5f6a7b8',
      transactionId: 'TCE0000000',
      occasion: 'ORD10482',
    });
  });

  it('reads a failure: a text code, no ResultParameters, items as an array, keys written with spaces', () => {
    expect(
      parseReversalResult({
        Result: {
          ResultType: '0',
          ResultCode: 'R000001 ',
          ResultDesc: 'The transaction has already been reversed.',
          'Originator Conversation ID': 'abc-1',
          'Conversation ID': 'AG_20250314_x',
          TransactionID: '',
          ReferenceData: {
            ReferenceItem: [
              { Key: 'QueueTimeoutURL', Value: 'https://example.test/t' },
              { Key: 'Occasion', Value: 'refund-9' },
            ],
          },
        },
      }),
    ).toEqual({
      resultCode: 'R000001',
      resultDesc: 'The transaction has already been reversed.',
      originatorConversationId: 'abc-1',
      conversationId: 'AG_20250314_x',
      transactionId: null,
      occasion: 'refund-9',
    });
  });

  it('takes a missing Value, missing ids and reference data it cannot read', () => {
    expect(
      parseReversalResult({
        Result: {
          ResultCode: 2001,
          ResultDesc: 'The initiator information is invalid.',
          ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
        },
      }),
    ).toMatchObject({ resultCode: '2001', conversationId: null, originatorConversationId: null, occasion: null });
    expect(parseReversalResult({ Result: { ResultCode: 'R000002', ReferenceData: 'x' } })).toMatchObject({
      resultCode: 'R000002',
      resultDesc: '',
      occasion: null,
    });
  });

  it('reads anything else as no result', () => {
    expect(parseReversalResult(null)).toBeNull();
    expect(parseReversalResult({})).toBeNull();
    expect(parseReversalResult({ Result: {} })).toBeNull();
    expect(parseReversalResult({ Result: { ResultCode: null } })).toBeNull();
    expect(parseReversalResult({ Body: { stkCallback: { ResultCode: 0 } } })).toBeNull();
    expect(parseReversalResult('{"Result":{"ResultCode":0}}')).toBeNull();
  });
});
