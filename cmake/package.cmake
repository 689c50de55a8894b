# package.cmake: Debian packages with `cpack -G DEB` (in the build directory), one per install
# component (cmake/install.cmake):
#   libhamle0      libhamle.so.0                       (section libs)
#   libhamle-dev   headers, libhamle.so/.a, hamle.pc, CMake package, libhamle(3)   (libdevel)
#   hamle          the tools, locales, man pages, bash completion                  (text)
# Each is named NAME_VERSION-RELEASE_ARCH.deb; dpkg-shlibdeps computes the run-time dependencies.
# tests/deb/deb_install.sh installs them on a fresh Debian 12 root (ctest label deb).

# Debian wants a copyright file and a compressed changelog in /usr/share/doc/PACKAGE, and man
# pages compressed; these are made here and installed with each component, for the packages only
# (EXCLUDE_FROM_ALL: cpack installs component by component, `cmake --install` everything else).
set(HAMLE_DEB_PACKAGES lib:libhamle0 dev:libhamle-dev tools:hamle)
set(_pkgdoc ${PROJECT_BINARY_DIR}/pkgdoc)
file(MAKE_DIRECTORY ${_pkgdoc})
string(TIMESTAMP _date "%a, %d %b %Y %H:%M:%S +0000" UTC)
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(_date "Thu, 01 Jan 1970 00:00:00 +0000")
endif()
foreach(cp ${HAMLE_DEB_PACKAGES})
  string(REPLACE ":" ";" cp "${cp}")
  list(GET cp 0 comp)
  list(GET cp 1 pkg)
  file(WRITE ${_pkgdoc}/${pkg}.changelog.Debian
    "${pkg} (${PROJECT_VERSION}-1) unstable; urgency=medium\n\n"
    "  * Built from the hamle sources with cpack.\n\n"
    " -- hamle maintainers <maintainers@hamle.invalid>  ${_date}\n")
  execute_process(COMMAND gzip -9nf ${_pkgdoc}/${pkg}.changelog.Debian)
  install(FILES ${_pkgdoc}/${pkg}.changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
    RENAME changelog.Debian.gz COMPONENT ${comp} EXCLUDE_FROM_ALL)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${pkg}
    RENAME copyright COMPONENT ${comp} EXCLUDE_FROM_ALL)
endforeach()

set(CPACK_PACKAGE_NAME hamle)
set(CPACK_PACKAGE_VENDOR "The hamle authors")
set(CPACK_PACKAGE_CONTACT "hamle maintainers <maintainers@hamle.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "chess notation toolkit: validate, convert and replay games in several languages")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL lib dev tools)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "hamle maintainers <maintainers@hamle.invalid>")
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS OFF)

set(CPACK_DEBIAN_LIB_PACKAGE_NAME libhamle0)
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
# shlibs (so that packages built against it depend on it) and the ldconfig trigger, which
# Debian prefers to ldconfig in postinst/postrm
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
file(WRITE ${_pkgdoc}/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA ${_pkgdoc}/triggers)
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_COMPONENT_LIB_DESCRIPTION "chess notation library (hamle)
 libhamle reads and writes algebraic chess notation in several languages
 (English, Turkish, German, French, Spanish, Italian, Dutch), reads PGN and
 typed scoresheets, and replays games with full legality checking.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libhamle-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "libhamle0 (= ${PROJECT_VERSION}-1), libyaml-dev, libpcre2-dev, pkg-config | pkgconf")
set(CPACK_COMPONENT_DEV_DESCRIPTION "chess notation library (hamle) - development files
 libhamle reads and writes algebraic chess notation in several languages and
 replays games with full legality checking. This package holds the headers,
 the static library, hamle.pc, the CMake package and libhamle(3).")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME hamle)
# the tools load libarchive with dlopen (cmd/common/input/archive_lib.h), which dpkg-shlibdeps cannot
# see: named here (3.3.3: zstd); shlibdeps adds the linked libraries to it
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "${HAMLE_LIBARCHIVE_PACKAGE} (>= 3.3.3)")
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION text)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "chess notation tools: validate, convert and replay games
 hamle-validate checks typed scoresheets and PGN files (illegal and ambiguous
 moves, with their location and what was most likely meant), hamle-convert
 converts between notations and languages (Turkish, German, English PGN...),
 hamle-move plays moves on the command line and hamle-perft counts move trees.")

include(CPack)
