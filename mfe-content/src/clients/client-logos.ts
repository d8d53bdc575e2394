import torqline from '../assets/clients/torqline-motors.svg';
import veltra from '../assets/clients/veltra-auto.svg';
import kinetra from '../assets/clients/kinetra-axle.svg';
import ridgeway from '../assets/clients/ridgeway-drivetrains.svg';
import aerovane from '../assets/clients/aerovane-systems.svg';
import skyforge from '../assets/clients/skyforge-avionics.svg';
import nimbora from '../assets/clients/nimbora-aerostructures.svg';
import altavia from '../assets/clients/altavia-flight.svg';
import ironvale from '../assets/clients/ironvale-castings.svg';
import precisa from '../assets/clients/precisa-tooling.svg';
import corvex from '../assets/clients/corvex-machining.svg';
import meridell from '../assets/clients/meridell-forge.svg';
import quantiva from '../assets/clients/quantiva-electronics.svg';
import nodewell from '../assets/clients/nodewell-semiconductors.svg';
import lumora from '../assets/clients/lumora-circuits.svg';
import sensora from '../assets/clients/sensora-instruments.svg';

export const CLIENT_SECTORS = ['Automotive', 'Aerospace', 'Manufacturing', 'Technology'] as const;
export type ClientSector = (typeof CLIENT_SECTORS)[number];

export interface ClientLogo {
  name: string;
  sector: ClientSector;
  logo: string;
}

/** Logo files are drawn for this site (neutral marks, no real trademarks): 240 x 80 each. */
export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 80;

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: 'Torqline Motors', sector: 'Automotive', logo: torqline },
  { name: 'Veltra Auto Components', sector: 'Automotive', logo: veltra },
  { name: 'Kinetra Axle Works', sector: 'Automotive', logo: kinetra },
  { name: 'Ridgeway Drivetrains', sector: 'Automotive', logo: ridgeway },
  { name: 'Aerovane Systems', sector: 'Aerospace', logo: aerovane },
  { name: 'Skyforge Avionics', sector: 'Aerospace', logo: skyforge },
  { name: 'Nimbora Aerostructures', sector: 'Aerospace', logo: nimbora },
  { name: 'Altavia Flight Parts', sector: 'Aerospace', logo: altavia },
  { name: 'Ironvale Castings', sector: 'Manufacturing', logo: ironvale },
  { name: 'Precisa Tooling', sector: 'Manufacturing', logo: precisa },
  { name: 'Corvex Machining', sector: 'Manufacturing', logo: corvex },
  { name: 'Meridell Forge', sector: 'Manufacturing', logo: meridell },
  { name: 'Quantiva Electronics', sector: 'Technology', logo: quantiva },
  { name: 'Nodewell Semiconductors', sector: 'Technology', logo: nodewell },
  { name: 'Lumora Circuits', sector: 'Technology', logo: lumora },
  { name: 'Sensora Instruments', sector: 'Technology', logo: sensora },
];
