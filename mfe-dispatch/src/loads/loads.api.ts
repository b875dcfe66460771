import { queryOptions } from '@tanstack/react-query';
import type { GpsLocation, Load, LoadRead, Track, TrackQuery } from '@tms/contracts';
import { api, createResourceApi, resourceQueryKey } from '@tms/ui';

/**
 * GET/POST /api/loads, PATCH/DELETE /api/loads/:id; the list is refetched after every change, and so are the lists
 * that show a load and lose it when it is deleted (fuel purchases, accidents keep no load).
 */
export const loadsApi = createResourceApi<Load>('loads', { alsoRefetch: ['fuel', 'accidents'] });

/** GET /api/loads/:id: the load with its stops (the list has only their count); refetched with the list. */
export const loadQuery = (id: string) =>
  queryOptions({ queryKey: [...resourceQueryKey('loads'), id], queryFn: () => api.get<LoadRead>(`/api/loads/${encodeURIComponent(id)}`), refetchOnWindowFocus: false });

/** GET /api/gps/latest, as GPS Tracking reads it (one cache entry): where a load's truck is now. */
export const latestLocationsQuery = queryOptions({ queryKey: ['/api/gps/latest'], queryFn: () => api.get<GpsLocation[]>('/api/gps/latest') });

/** GET /api/gps/track: a truck's positions between two moments, thinned for drawing. */
export const trackQuery = (query: TrackQuery) =>
  queryOptions({
    queryKey: ['/api/gps/track', query],
    queryFn: () => api.get<Track>(`/api/gps/track?${new URLSearchParams(query)}`),
    refetchOnWindowFocus: false,
  });
