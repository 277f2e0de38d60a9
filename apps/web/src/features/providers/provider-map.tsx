import { DotMarker, MapView, Tooltip } from '../../ui/map';
import { markerColour } from './status';

/** The provider's business location on a small map (a lazy chunk: it carries Leaflet). */
export default function ProviderMap({
  lat,
  lng,
  name,
  address,
  colour,
}: {
  lat: number;
  lng: number;
  name: string;
  address: string;
  colour: string;
}) {
  return (
    <MapView center={{ lat, lng }} zoom={13} height={240} label={`Map of ${name}’s business address`}>
      <DotMarker position={{ lat, lng }} colour={markerColour(colour)} radius={9} title={`${name}: ${address}`}>
        <Tooltip>{address || name}</Tooltip>
      </DotMarker>
    </MapView>
  );
}
