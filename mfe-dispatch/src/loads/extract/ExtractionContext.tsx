import { CONFIDENCE_LEVELS, type ExtractedField, type ExtractionConfidence } from '@tms/contracts';
import { Typography } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { confidenceText } from './extraction.js';

/** The confidence of each field an extraction filled, for the Manual Entry form to show beside the field. */
export const ExtractionContext = createContext<ExtractionConfidence>({});

/** A FormField's `extra` for an extracted field: its confidence, coloured by how sure it is; nothing otherwise. */
export function useConfidenceExtra(): (field: ExtractedField) => ReactNode {
  const confidence = useContext(ExtractionContext);
  return (field) => {
    const value = confidence[field];
    if (value === undefined) return undefined;
    return (
      <Typography.Text type={value >= CONFIDENCE_LEVELS.sure ? 'success' : value >= CONFIDENCE_LEVELS.check ? 'warning' : 'danger'} style={{ fontSize: 12 }} data-testid={`confidence-${field}`}>
        {confidenceText(value)}
      </Typography.Text>
    );
  };
}
