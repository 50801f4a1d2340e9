import { Layout, Menu, type LayoutProps } from 'react-admin';

// react-admin keeps each menu item to one line and cuts the rest with «…»: «Цена пропущенной недели» and
// «Подарочные сертификаты» lost their ends in the 240 px sidebar. Long names wrap onto a second line.
const wrapping = {
  '& .RaMenuItemLink-root': { whiteSpace: 'normal', alignItems: 'flex-start' },
  '& .RaMenuItemLink-root .MuiTypography-noWrap': {
    whiteSpace: 'normal',
    overflow: 'visible',
    textOverflow: 'clip',
  },
};

function WrappingMenu() {
  return <Menu sx={wrapping} />;
}

/** react-admin's layout with a menu whose long section names are read whole. */
export function AdminLayout({ children }: LayoutProps) {
  return <Layout menu={WrappingMenu}>{children}</Layout>;
}
