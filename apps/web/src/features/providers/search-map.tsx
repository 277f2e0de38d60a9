import { useEffect, useMemo } from 'react';
import { MAP_CENTRE, SEARCH_MAP, searchMapStatus, type ProviderSearchResponse } from '@siteflow/core';
import { Circle, DotMarker, MapView, PinMarker, Tooltip, useMap, type LatLng } from '../../ui/map';
import { circleBounds } from './search-filters';
import { markerColour } from './status';

type Props = {
  centre: ProviderSearchResponse['centre'];
  isProject: boolean;
  distance: number;
  items: ProviderSearchResponse['items'];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

const located = (
  r: Props['items'][number],
): r is Props['items'][number] & { business_address: { lat: number; lng: number } } =>
  r.business_address.lat !== null && r.business_address.lng !== null;

/**
 * The search map (a lazy chunk: it carries Leaflet): a marker per result coloured by its search-map
 * status, the centre marked, and the distance drawn as a circle when it limits the search.
 */
export default function SearchMap({ centre, isProject, distance, items, selectedId, onSelect }: Props) {
  const start: LatLng = centre ?? MAP_CENTRE;
  const points = items.filter(located).map((r) => ({ lat: r.business_address.lat, lng: r.business_address.lng }));
  const boundsKey = `${start.lat},${start.lng},${distance},${centre ? 1 : 0},${points.map((p) => `${p.lat},${p.lng}`).join(';')}`;
  // With a distance the map shows its circle; otherwise the centre and every result.
  const bounds = useMemo(
    () =>
      centre && distance > 0
        ? circleBounds(centre, distance)
        : points.length
          ? [...(centre ? [centre] : []), ...points]
          : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [boundsKey],
  );
  const selected = items.find((r) => r.id === selectedId);

  return (
    <MapView
      center={start}
      zoom={centre ? 10 : 6}
      height={SEARCH_MAP.height}
      label="Service providers map"
      bounds={bounds}
    >
      {centre && distance > 0 ? (
        <Circle
          center={[centre.lat, centre.lng]}
          radius={distance * 1000}
          pathOptions={{ color: '#1971c2', weight: 1.5, fillOpacity: 0.06 }}
        />
      ) : null}
      {centre ? (
        <PinMarker
          position={centre}
          text={isProject ? 'P' : '•'}
          title={`${isProject ? 'Project' : 'Search centre'}: ${centre.label}`}
          colour="#343a40"
          width={30}
          height={36}
        >
          <Tooltip>{centre.label}</Tooltip>
        </PinMarker>
      ) : null}
      {items.filter(located).map((r) => (
        <DotMarker
          key={r.id}
          position={{ lat: r.business_address.lat, lng: r.business_address.lng }}
          colour={markerColour(searchMapStatus(r.status_code).colour)}
          radius={r.id === selectedId ? 12 : 8}
          title={r.service_provider_name}
          onClick={() => onSelect(r.id)}
        >
          <Tooltip>
            {r.service_provider_name}
            {r.km !== null ? ` · ${r.km} km` : ''}
          </Tooltip>
        </DotMarker>
      ))}
      {selected && located(selected) ? (
        <PanTo lat={selected.business_address.lat} lng={selected.business_address.lng} />
      ) : null}
    </MapView>
  );
}

/** Brings the selected provider into view (chosen from the list). */
function PanTo({ lat, lng }: LatLng) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}
